@tool
extends EditorPlugin
## Composition root: builds the toolkit when the plugin enters the editor, tears it down on exit.

const PluginComposer := preload("res://addons/godot_live_mcp/core/plugin_composer.gd")
const RuntimeAutoload := preload("res://addons/godot_live_mcp/core/runtime_autoload.gd")

var _handle: PluginComposer.Handle


func _enable_plugin() -> void:
	RuntimeAutoload.add(self)


func _disable_plugin() -> void:
	RuntimeAutoload.remove(self)


func _enter_tree() -> void:
	if _handle != null:
		return
	RuntimeAutoload.heal()
	_handle = PluginComposer.compose(self)


func _exit_tree() -> void:
	if _handle == null:
		return
	_handle.dispose()
	_handle = null
