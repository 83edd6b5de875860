@tool
extends Logger
## Feeds everything the engine logs (prints, warnings, errors) into a LogBuffer. The engine calls the
## _log_* methods from any thread; nothing here may print, or it would log itself. Needs Godot 4.5+:
## LogBuffer loads this script by path only where Logger exists (export-clean).

const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")
## The buffer's kind for each Logger.ErrorType, in enum order.
const ERROR_KINDS: PackedStringArray = ["error", "warning", "script_error", "shader_error"]

var _buffer: LogBuffer


func _init(buffer: LogBuffer) -> void:
	_buffer = buffer


func _log_message(message: String, error: bool) -> void:
	var text: String = message.strip_edges(false, true)
	if text != "":
		_buffer.add("stderr" if error else "message", text)


func _log_error(
	function: String,
	file: String,
	line: int,
	code: String,
	rationale: String,
	_editor_notify: bool,
	error_type: int,
	script_backtraces: Array[ScriptBacktrace]
) -> void:
	var kind: String = ERROR_KINDS[error_type] if error_type >= 0 and error_type < ERROR_KINDS.size() else "error"
	var text: String = rationale if rationale != "" else code
	_buffer.add(kind, text, _source(script_backtraces, file, line, function))


## Where the error was raised: "file:line in function()". A script error (parse or run time) names
## its script already; for one raised in engine code (push_error, a failed call) the script line that
## led there, when the engine traced one, says more than the engine's source file.
static func _source(backtraces: Array[ScriptBacktrace], file: String, line: int, function: String) -> String:
	if not file.contains("://"):
		for trace: ScriptBacktrace in backtraces:
			if trace != null and trace.get_frame_count() > 0:
				return _location(trace.get_frame_file(0), trace.get_frame_line(0), trace.get_frame_function(0))
	return _location(file, line, function)


static func _location(file: String, line: int, function: String) -> String:
	return "%s:%d in %s()" % [file, line, function]
