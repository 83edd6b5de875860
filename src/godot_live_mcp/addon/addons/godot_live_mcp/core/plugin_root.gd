@tool
extends RefCounted
## Composition root, behind plugin.gd's engine check: builds the toolkit when the plugin enters the
## editor, tears it down on exit.

const PluginComposer := preload("res://addons/godot_live_mcp/core/plugin_composer.gd")
const RuntimeAutoload := preload("res://addons/godot_live_mcp/core/runtime_autoload.gd")
const ExportStrip := preload("res://addons/godot_live_mcp/core/export_strip.gd")
const HelperProcess := preload("res://addons/godot_live_mcp/instances/helper_process.gd")

var _plugin: EditorPlugin
var _handle: PluginComposer.Handle
var _export_strip: ExportStrip


func _init(plugin: EditorPlugin) -> void:
	_plugin = plugin


func enable() -> void:
	RuntimeAutoload.add(_plugin)


func disable() -> void:
	RuntimeAutoload.remove(_plugin)


## A helper process (an export, an import, a test run) gets the export plugin only: it serves nothing,
## registers nowhere and writes nothing into the project.
func enter() -> void:
	if _export_strip != null:
		return
	_export_strip = ExportStrip.new()
	_plugin.add_export_plugin(_export_strip)
	if HelperProcess.is_helper():
		return
	RuntimeAutoload.heal()
	_handle = PluginComposer.compose(_plugin)


func breakpoints() -> PackedStringArray:
	return _handle.services.debugger.breakpoints.as_arguments() if _handle != null else PackedStringArray()


func exit() -> void:
	if _export_strip == null:
		return
	_plugin.remove_export_plugin(_export_strip)
	_export_strip = null
	if _handle != null:
		_handle.dispose()
		_handle = null
