@tool
extends Logger
## Notices the script errors raised while an extension's register() runs. GDScript has no exceptions:
## a run-time error ends the function where it happened and its caller carries on, so this is how the
## loader learns that register() broke off. The engine may call _log_error from any thread.

var _mutex: Mutex = Mutex.new()
var _errors: PackedStringArray = PackedStringArray()


## Listens until stop(); the errors seen so far are dropped.
func start() -> void:
	_mutex.lock()
	_errors.clear()
	_mutex.unlock()
	OS.add_logger(self)


## Stops listening; the script errors seen meanwhile, first first.
func stop() -> PackedStringArray:
	OS.remove_logger(self)
	_mutex.lock()
	var seen: PackedStringArray = _errors.duplicate()
	_mutex.unlock()
	return seen


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
	if error_type != ERROR_TYPE_SCRIPT:
		return
	var text: String = "%s (%s:%d in %s())" % [rationale if rationale != "" else code, file, line, function]
	_mutex.lock()
	_errors.append(text)
	_mutex.unlock()
