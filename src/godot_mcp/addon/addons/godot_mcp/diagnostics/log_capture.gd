@tool
extends Logger
## Keeps the newest engine messages (prints, warnings, errors) in a ring buffer, numbered from 0 in
## arrival order. The engine calls the _log_* methods from any thread, hence the mutex; nothing here
## may print, or it would log itself. Needs Godot 4.5+: load this script only where Logger exists.

const MAX_TEXT_CHARS := 4000
const LEVEL_INFO := "info"
const LEVEL_ERROR := "error"
const ERROR_LEVELS: Array[String] = ["error", "warning", "script_error", "shader_error"]

var _capacity: int
var _entries: Array[Dictionary] = []
var _next_seq: int = 0
var _lock: Mutex = Mutex.new()


func _init(capacity: int) -> void:
	_capacity = maxi(capacity, 1)


func _log_message(message: String, error: bool) -> void:
	_append(LEVEL_ERROR if error else LEVEL_INFO, message.strip_edges(false, true), "")


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
	var level: String = (
		ERROR_LEVELS[error_type] if error_type >= 0 and error_type < ERROR_LEVELS.size() else LEVEL_ERROR
	)
	var text: String = rationale if rationale != "" else code
	_append(level, text, _script_source(script_backtraces, "%s (%s:%d)" % [function, file, line]))


## The script line that raised the error (push_error, a failed call) when the engine traced one.
func _script_source(backtraces: Array[ScriptBacktrace], engine_source: String) -> String:
	for trace: ScriptBacktrace in backtraces:
		if trace != null and trace.get_frame_count() > 0:
			return "%s (%s:%d)" % [trace.get_frame_function(0), trace.get_frame_file(0), trace.get_frame_line(0)]
	return engine_source


## Entries with seq >= from_seq in order: {"seq", "time_ms", "level", "text", "source"}.
func entries_from(from_seq: int) -> Array[Dictionary]:
	_lock.lock()
	var first: int = _next_seq - _entries.size()
	var start: int = clampi(from_seq - first, 0, _entries.size())
	var copied: Array[Dictionary] = _entries.slice(start)
	_lock.unlock()
	return copied


## The seq the next message will get (so also how many were ever captured).
func next_seq() -> int:
	_lock.lock()
	var value: int = _next_seq
	_lock.unlock()
	return value


## The seq of the oldest message still held.
func first_seq() -> int:
	_lock.lock()
	var value: int = _next_seq - _entries.size()
	_lock.unlock()
	return value


func _append(level: String, text: String, source: String) -> void:
	var entry: Dictionary = {
		"level": level, "text": text.left(MAX_TEXT_CHARS), "source": source, "time_ms": Time.get_ticks_msec()
	}
	_lock.lock()
	entry["seq"] = _next_seq
	_next_seq += 1
	_entries.append(entry)
	if _entries.size() > _capacity:
		_entries.pop_front()
	_lock.unlock()
