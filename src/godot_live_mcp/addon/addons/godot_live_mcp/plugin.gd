@tool
extends EditorPlugin
## Entry point: checks the engine first (core/engine_guard.gd, written for every Godot 4), then loads the
## toolkit's root, which builds it on entering the editor and tears it down on exit. Nothing else is
## preloaded here, so an older engine never parses the rest of the addon.

const GUARD_PATH := "res://addons/godot_live_mcp/core/engine_guard.gd"
const ROOT_PATH := "res://addons/godot_live_mcp/core/plugin_root.gd"

var _root: RefCounted


func _enable_plugin() -> void:
	if _supported():
		_loaded_root().call("enable")


func _disable_plugin() -> void:
	if _root != null:
		_root.call("disable")


func _enter_tree() -> void:
	if _supported():
		_loaded_root().call("enter")


## The breakpoints of the debug tools, which the editor passes to every game it starts.
func _get_breakpoints() -> PackedStringArray:
	return _root.call("breakpoints") if _root != null else PackedStringArray()


func _exit_tree() -> void:
	if _root != null:
		_root.call("exit")


func _supported() -> bool:
	var refusal: String = load(GUARD_PATH).call("refusal", Engine.get_version_info())
	if refusal != "":
		push_error(refusal)
	return refusal == ""


func _loaded_root() -> RefCounted:
	if _root == null:
		_root = load(ROOT_PATH).new(self)
	return _root
