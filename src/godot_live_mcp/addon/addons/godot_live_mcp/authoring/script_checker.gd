@tool
extends RefCounted
## Compiles a script with this engine in a separate headless process (`--check-only`): the errors
## are read from that process's output, so a broken script never prints into the editor's log, and
## no game code runs (autoloads are not instantiated). The engine prints every analyzer error but
## only the first parse error, and no columns: the column is found from the names the message quotes.
## Its one blind spot: compilation stops at a reference to an autoload, which the standalone process
## cannot resolve; that case is reported as a note, not an error.

const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CheckProcess := preload("res://addons/godot_live_mcp/authoring/check_process.gd")

const RETRY := CheckProcess.RETRY

static var _error_line: RegEx = RegEx.create_from_string("^SCRIPT ERROR: (?:(Parse|Compile) Error: )?(.*)$")
static var _at_line: RegEx = RegEx.create_from_string("^at: .*\\((.+):(\\d+)\\)$")
static var _ansi: RegEx = RegEx.create_from_string("\\x1b\\[[0-9;]*[A-Za-z]")
static var _quoted: RegEx = RegEx.create_from_string('"([^"]+)"')
static var _autoload_miss: RegEx = RegEx.create_from_string("^Identifier not found: ([A-Za-z_][A-Za-z0-9_]*)$")


## {"path", "ok", "errors": [{path, line, column, message, kind}], "error_count", "notes"}, or
## INTERNAL or TIMEOUT when the check process itself failed.
static func check(path: String) -> Result:
	var log_path: String = OS.get_temp_dir().path_join(
		"godot_live_mcp_check_%d_%d.log" % [OS.get_process_id(), Time.get_ticks_usec()]
	)
	var run: Result = await CheckProcess.run(_arguments(path, log_path), "the script")
	DirAccess.remove_absolute(log_path)
	if run.failed():
		return run
	return _report(path, run.value["stderr"], run.value["exit_code"])


## The project is passed so the check sees its global classes; the log goes to a throw-away file
## so the check does not rotate the game's own logs in user://logs.
static func _arguments(path: String, log_path: String) -> PackedStringArray:
	return PackedStringArray(
		[
			"--headless",
			"--no-header",
			"--log-file",
			log_path,
			"--path",
			ProjectSettings.globalize_path("res://"),
			"--check-only",
			"--script",
			path,
		]
	)


static func _report(path: String, output: String, exit_code: int) -> Result:
	var lines: PackedStringArray = _ansi.sub(output, "", true).split("\n")
	var errors: Array[Dictionary] = []
	var notes: PackedStringArray = PackedStringArray()
	for index: int in lines.size():
		var error: Dictionary = _error_at(lines, index, path)
		if error.is_empty():
			continue
		var autoload: String = _autoload_reference(error)
		if autoload == "":
			errors.append(error)
		else:
			notes.append(
				(
					(
						"Compilation stopped at line %d, at the autoload '%s', which a standalone check cannot resolve;"
						% [error["line"], autoload]
					)
					+ " every parse and type error before and after it was checked."
				)
			)
	if errors.is_empty() and notes.is_empty() and exit_code != 0:
		var engine_errors: String = _engine_errors(lines)
		if engine_errors == "":
			return _broken_run(exit_code, lines)
		errors.append({"path": path, "line": 0, "message": engine_errors, "kind": "load"})
	_add_columns(errors)
	return Result.of(
		{"path": path, "ok": errors.is_empty(), "errors": errors, "error_count": errors.size(), "notes": notes}
	)


## The error a "SCRIPT ERROR:" line at index starts (its place from the "at:" line after it), or {}.
static func _error_at(lines: PackedStringArray, index: int, path: String) -> Dictionary:
	var head: RegExMatch = _error_line.search(lines[index].strip_edges())
	if head == null:
		return {}
	var at: RegExMatch = _at_line.search(lines[index + 1].strip_edges()) if index + 1 < lines.size() else null
	return {
		"path": at.get_string(1) if at != null else path,
		"line": int(at.get_string(2)) if at != null else 0,
		"message": head.get_string(2),
		"kind": head.get_string(1).to_lower() if head.get_string(1) != "" else "script",
	}


static func _autoload_reference(error: Dictionary) -> String:
	var missed: RegExMatch = _autoload_miss.search(str(error["message"]))
	if error["kind"] != "compile" or missed == null:
		return ""
	return missed.get_string(1) if ProjectSettings.has_setting("autoload/" + missed.get_string(1)) else ""


static func _engine_errors(lines: PackedStringArray) -> String:
	var found: PackedStringArray = PackedStringArray()
	for line: String in lines:
		if line.strip_edges().begins_with("ERROR: "):
			found.append(line.strip_edges().trim_prefix("ERROR: "))
	return " ".join(found)


## A failed run that reported no engine error at all: the check process itself is at fault (for
## instance an executable path that is not the Godot binary), not the script.
static func _broken_run(exit_code: int, lines: PackedStringArray) -> Result:
	var said: String = " ".join(lines).strip_edges().left(300)
	return Result.fail(
		"INTERNAL",
		(
			"The check process ('%s') exited with code %d without a script error: %s"
			% [OS.get_executable_path(), exit_code, said]
		),
		RETRY
	)


## Sets each error's 1-based column: where the first name its message quotes appears on the line,
## else the line's first non-blank character (0 when the line is unknown).
static func _add_columns(errors: Array[Dictionary]) -> void:
	var texts: Dictionary = {}
	for error: Dictionary in errors:
		var path: String = error["path"]
		if not texts.has(path):
			var source: String = FileAccess.get_file_as_string(path) if FileAccess.file_exists(path) else ""
			texts[path] = TextContent.lines_of(source)
		var lines: PackedStringArray = texts[path]
		var line: int = error["line"]
		error["column"] = _column(str(error["message"]), lines[line - 1]) if line >= 1 and line <= lines.size() else 0


static func _column(message: String, line: String) -> int:
	for quoted: RegExMatch in _quoted.search_all(message):
		var found: int = line.find(quoted.get_string(1))
		if found >= 0:
			return found + 1
	var stripped: String = line.strip_edges(true, false)
	return line.length() - stripped.length() + 1
