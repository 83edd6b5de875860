extends SceneTree
## Runs the GDScript unit tests: every test_*.gd beside this file, every method of it named test_*, in a
## plain `godot --headless --script` process (no editor, no MCP server). A test fails on a failed check or on
## any error the engine logs while it runs. Prints one FAIL block per failed test and, last, exactly
## "N passed, N failed"; the exit code is 1 when any failed. Arguments after "--" keep only the tests whose
## "file::method" name contains one of them.

const UnitTest := preload("unit_test.gd")
## The addon's own capture of what the engine logs (from any thread), read back after each test.
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")

## A test still running after this long fails (a coroutine that never resumes would hang the run).
const TEST_DEADLINE_MS := 10000
## A whole run that takes longer is cut.
const DEADLINE_MS := 120000

var _passed: int = 0
var _failed: int = 0
var _started_ms: int = 0
var _log: LogBuffer = LogBuffer.new(1000)
## Entries before this seq were already taken.
var _taken_seq: int = 0


func _initialize() -> void:
	_started_ms = Time.get_ticks_msec()
	_log.start_capture()
	_run_all.call_deferred()


func _process(_delta: float) -> bool:
	if Time.get_ticks_msec() - _started_ms > DEADLINE_MS:
		print("FAIL the run: still running after %d ms" % DEADLINE_MS)
		_finish(_failed + 1)
	return false


func _run_all() -> void:
	var filters: PackedStringArray = OS.get_cmdline_user_args()
	var folder: String = (get_script() as Script).resource_path.get_base_dir()
	for file: String in _test_files(folder):
		await _run_file(folder.path_join(file), filters)
	_finish(_failed)


func _test_files(folder: String) -> PackedStringArray:
	var files: PackedStringArray = PackedStringArray()
	for file: String in DirAccess.get_files_at(folder):
		if file.begins_with("test_") and file.ends_with(".gd"):
			files.append(file)
	files.sort()
	return files


func _run_file(path: String, filters: PackedStringArray) -> void:
	var script: GDScript = load(path) as GDScript
	var errors: PackedStringArray = _take_errors()
	if script == null or not script.can_instantiate():
		_fail(path.get_file(), ["the file does not load"] + Array(errors))
		return
	for method: Dictionary in script.get_script_method_list():
		var name: String = "%s::%s" % [path.get_file(), method["name"]]
		if str(method["name"]).begins_with("test_") and _selected(name, filters):
			await _run_test(script, str(method["name"]), name)


func _run_test(script: GDScript, method: String, name: String) -> void:
	var test: UnitTest = script.new() as UnitTest
	if test == null:
		_fail(name, ["the file does not extend unit_test.gd"])
		return
	_take_errors()
	var problems: PackedStringArray = PackedStringArray()
	if not await _finished(test, method):
		problems.append("still running after %d ms" % TEST_DEADLINE_MS)
	await test.tear_down()
	problems.append_array(test.failures)
	for error: String in _take_errors():
		if not test.expects(error):
			problems.append("the engine logged: " + error)
	if problems.is_empty():
		_passed += 1
	else:
		_fail(name, problems)


## Runs test.method (a coroutine or not); false when it has not returned by the deadline.
func _finished(test: UnitTest, method: String) -> bool:
	var done: Array[bool] = [false]
	var body: Callable = func() -> void:
		await test.call(method)
		done[0] = true
	body.call()
	var deadline: int = Time.get_ticks_msec() + TEST_DEADLINE_MS
	while not done[0] and Time.get_ticks_msec() < deadline:
		await process_frame
	return done[0]


## The errors logged since the last call, one line each (warnings and prints are not failures).
func _take_errors() -> PackedStringArray:
	var lines: PackedStringArray = PackedStringArray()
	for entry: Dictionary in _log.read(_taken_seq, -1, ["error", "script_error", "shader_error"]):
		lines.append(LogBuffer.format_line(entry))
	_taken_seq = _log.next_seq()
	return lines


func _fail(name: String, problems: Array) -> void:
	_failed += 1
	print("FAIL %s" % name)
	for problem: Variant in problems:
		print("    " + str(problem))


func _selected(name: String, filters: PackedStringArray) -> bool:
	if filters.is_empty():
		return true
	for wanted: String in filters:
		if name.contains(wanted):
			return true
	return false


func _finish(failed: int) -> void:
	_log.stop_capture()
	print("%d passed, %d failed" % [_passed, failed])
	quit(1 if failed > 0 else 0)
