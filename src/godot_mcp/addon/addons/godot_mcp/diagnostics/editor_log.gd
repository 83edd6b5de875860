@tool
extends RefCounted
## The editor's own output, captured from the moment the plugin starts. The capture needs the
## engine's Logger API (Godot 4.5+); it is reached only by name here so this file still parses on
## older engines, where is_capturing() stays false and the log tools answer LOG_UNAVAILABLE.

const ToolkitSettings := preload("res://addons/godot_mcp/core/toolkit_settings.gd")
const CAPTURE_PATH := "res://addons/godot_mcp/diagnostics/log_capture.gd"
const MIN_GODOT_VERSION := "4.5"

static var _capture: RefCounted = null


## True where the engine lets plugins receive its messages (OS.add_logger).
static func is_supported() -> bool:
	return ClassDB.class_exists(&"Logger") and OS.has_method(&"add_logger")


static func is_capturing() -> bool:
	return _capture != null


## Registers the capture with the engine; false where the engine cannot give its output.
static func start() -> bool:
	if _capture != null or not is_supported():
		return _capture != null
	var script: GDScript = load(CAPTURE_PATH) as GDScript
	_capture = script.new(ToolkitSettings.limit("log_buffer_entries"))
	OS.call(&"add_logger", _capture)
	return true


static func stop() -> void:
	if _capture == null:
		return
	OS.call(&"remove_logger", _capture)
	_capture = null


## Captured entries with seq >= from_seq, oldest first.
static func entries_from(from_seq: int) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	if _capture != null:
		found.assign(_capture.call(&"entries_from", from_seq))
	return found


## How many entries were ever captured (the seq the next one gets).
static func next_seq() -> int:
	return int(_capture.call(&"next_seq")) if _capture != null else 0


## The seq of the oldest entry still held.
static func first_seq() -> int:
	return int(_capture.call(&"first_seq")) if _capture != null else 0
