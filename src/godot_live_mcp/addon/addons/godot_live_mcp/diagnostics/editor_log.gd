@tool
extends RefCounted
## The editor's own output, captured from the moment the plugin starts into one LogBuffer. Where the
## engine cannot hand its output to scripts (before Godot 4.5) buffer() stays null and the log tools
## answer LOG_UNAVAILABLE.

const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")

static var _buffer: LogBuffer = null


## Starts the capture; false where the engine cannot give its output.
static func start() -> bool:
	if _buffer != null:
		return true
	var buffer: LogBuffer = LogBuffer.new(ToolkitSettings.limit("log_buffer_entries"))
	if not buffer.start_capture():
		return false
	_buffer = buffer
	return true


static func stop() -> void:
	if _buffer == null:
		return
	_buffer.stop_capture()
	_buffer = null


## The captured output, or null when nothing is being captured.
static func buffer() -> LogBuffer:
	return _buffer
