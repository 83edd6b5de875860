@tool
extends EditorPlugin
## Composition root: builds the toolkit when the plugin enters the editor, tears it down on exit.

const PluginComposer := preload("res://addons/godot_live_mcp/core/plugin_composer.gd")
const RuntimeAutoload := preload("res://addons/godot_live_mcp/core/runtime_autoload.gd")
const ExportStrip := preload("res://addons/godot_live_mcp/core/export_strip.gd")

var _handle: PluginComposer.Handle
var _export_strip: ExportStrip


func _enable_plugin() -> void:
	RuntimeAutoload.add(self)


func _disable_plugin() -> void:
	RuntimeAutoload.remove(self)


func _enter_tree() -> void:
	if _handle != null:
		return
	RuntimeAutoload.heal()
	_handle = PluginComposer.compose(self)
	_export_strip = ExportStrip.new()
	add_export_plugin(_export_strip)


## The breakpoints of the debug tools, which the editor passes to every game it starts.
func _get_breakpoints() -> PackedStringArray:
	return _handle.debugger.breakpoints.as_arguments() if _handle != null else PackedStringArray()


func _exit_tree() -> void:
	if _handle == null:
		return
	remove_export_plugin(_export_strip)
	_export_strip = null
	_handle.dispose()
	_handle = null
