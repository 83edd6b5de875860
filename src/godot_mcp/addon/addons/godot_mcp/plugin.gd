@tool
extends EditorPlugin
## Composition root: builds the toolkit when the plugin enters the editor, tears it down on exit.

const PluginComposer := preload("res://addons/godot_mcp/core/plugin_composer.gd")

var _handle: PluginComposer.Handle


func _enter_tree() -> void:
	if _handle != null:
		return
	_handle = PluginComposer.compose(self)


func _exit_tree() -> void:
	if _handle == null:
		return
	_handle.dispose()
	_handle = null
