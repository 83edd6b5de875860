@tool
extends Logger
## Feeds everything the engine logs into the runtime's log buffer. Loaded by path only on engines
## that have Logger (4.5+), so the runtime still parses on older ones (export-clean).

const LogBuffer := preload("res://addons/godot_mcp/runtime/log_buffer.gd")
const KINDS: PackedStringArray = ["error", "warning", "script", "shader"]

var _buffer: LogBuffer


func _init(buffer: LogBuffer) -> void:
	_buffer = buffer


func _log_message(message: String, error: bool) -> void:
	var text: String = message.trim_suffix("\n")
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
	_script_backtraces: Array[ScriptBacktrace]
) -> void:
	var kind: String = KINDS[error_type] if error_type >= 0 and error_type < KINDS.size() else "error"
	var text: String = rationale if rationale != "" else code
	_buffer.add(kind, text, "%s:%d in %s()" % [file, line, function])
