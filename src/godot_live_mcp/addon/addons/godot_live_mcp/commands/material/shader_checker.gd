@tool
extends RefCounted
## Checks shader code for errors without touching the editor's log. Verified on the headless 4.6.3
## engine: the dummy renderer of a headless process compiles shader code and prints the compiler's
## first error to stderr as "SHADER ERROR: <message>" followed by "at: (null) (<file>:<line>)", so a
## throw-away process (shader_probe.gd) in an empty temporary project gives the error with its line
## while no project code (autoloads) runs. The shader and the files it #includes are copied there
## at their own res:// paths, so includes resolve and an error inside one names that file.
## Compiling in the editor would print the same lines into its log. The compiler stops at the
## first error.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CheckProcess := preload("res://addons/godot_live_mcp/authoring/check_process.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")

const PROBE := "res://addons/godot_live_mcp/commands/material/shader_probe.gd"
const RETRY := CheckProcess.RETRY
## Where proposed code (no file of its own) is put in the temporary project.
const PROPOSED := "res://mcp_proposed_code.gdshader"
## Include files copied at most (nested includes included).
const MAX_INCLUDES := 64

static var _error_line: RegEx = RegEx.create_from_string("^SHADER ERROR: (.*)$")
static var _at_line: RegEx = RegEx.create_from_string("^at: .*\\(([^()]*):(\\d+)\\)$")
static var _unsupported: RegEx = RegEx.create_from_string("^ERROR: Shader type (\\S*) ?not supported")
static var _ansi: RegEx = RegEx.create_from_string("\\x1b\\[[0-9;]*[A-Za-z]")
static var _include: RegEx = RegEx.create_from_string('(?m)^\\s*#include\\s+"([^"]+)"')


## {"ok", "errors": [{line, message, file?}], "error_count", "notes"} for code (the text of the file
## at path, or proposed code when path is ""); INTERNAL or TIMEOUT when the check itself failed.
static func check(code: String, path: String = "") -> Result:
	var folder: String = OS.get_temp_dir().path_join(
		"godot_live_mcp_shader_%d_%d" % [OS.get_process_id(), Time.get_ticks_usec()]
	)
	var main: String = path if path != "" else PROPOSED
	var prepared: Result = _prepare(folder, main, code)
	var output: Result = await _run(folder, main) if prepared.succeeded() else prepared
	_remove_tree(folder)
	if output.failed():
		return output
	var errors: Array[Dictionary] = _errors(output.value, main)
	var notes: PackedStringArray = PackedStringArray(prepared.value) if prepared.succeeded() else PackedStringArray()
	return Result.of({"ok": errors.is_empty(), "errors": errors, "error_count": errors.size(), "notes": notes})


## Writes the temporary project: project.godot, the code at main's path and every include it
## reaches; the value lists includes that were not found (as notes).
static func _prepare(folder: String, main: String, code: String) -> Result:
	var err: Error = _write(folder.path_join("project.godot"), "config_version=5\n")
	if err == OK:
		err = _write(_local(folder, main), code)
	var notes: PackedStringArray = PackedStringArray()
	var queue: Array[PackedStringArray] = [PackedStringArray([main, code])]
	var copied: Dictionary = {}
	while err == OK and not queue.is_empty() and copied.size() < MAX_INCLUDES:
		var current: PackedStringArray = queue.pop_front()
		for found: RegExMatch in _include.search_all(current[1]):
			var included: String = _resolve(current[0], found.get_string(1))
			if copied.has(included):
				continue
			copied[included] = true
			if included == "" or not FileAccess.file_exists(included):
				notes.append("Include '%s' (in %s) was not found in the project." % [found.get_string(1), current[0]])
				continue
			var text: String = FileAccess.get_file_as_string(included)
			err = _write(_local(folder, included), text)
			queue.append(PackedStringArray([included, text]))
	if err != OK:
		return Result.fail("INTERNAL", "Could not prepare the shader check: %s." % error_string(err), RETRY)
	return Result.of(notes)


## The res:// path an #include names from the file at source, or "" when the path guard refuses it
## (outside the project, through a link out of it).
static func _resolve(source: String, included: String) -> String:
	var path: String = included if included.begins_with("res://") else source.get_base_dir().path_join(included)
	var guarded: Result = PathGuard.project_path(path.simplify_path())
	return str(guarded.value) if guarded.succeeded() else ""


static func _local(folder: String, path: String) -> String:
	return folder.path_join(path.trim_prefix("res://"))


static func _remove_tree(folder: String) -> void:
	var listing: DirAccess = DirAccess.open(folder)
	if listing == null:
		return
	listing.include_hidden = true
	for name: String in listing.get_files():
		DirAccess.remove_absolute(folder.path_join(name))
	for name: String in listing.get_directories():
		_remove_tree(folder.path_join(name))
	DirAccess.remove_absolute(folder)


static func _write(path: String, text: String) -> Error:
	return ProjectFiles.write_bytes(path, text.to_utf8_buffer())


## What the probe printed to stderr, or INTERNAL or TIMEOUT.
static func _run(folder: String, main: String) -> Result:
	var arguments: PackedStringArray = PackedStringArray(
		[
			"--headless",
			"--no-header",
			"--log-file",
			folder.path_join("check.log"),
			"--path",
			folder,
			"--script",
			ProjectSettings.globalize_path(PROBE),
			"--",
			main,
		]
	)
	var run: Result = await CheckProcess.run(arguments, "the shader")
	return Result.of(run.value["stderr"]) if run.succeeded() else run


## [{line, message, file?}] from the probe's stderr; file names an include the error is in.
static func _errors(output: String, main: String) -> Array[Dictionary]:
	var lines: PackedStringArray = _ansi.sub(output, "", true).split("\n")
	var found: Array[Dictionary] = []
	for index: int in lines.size():
		var line: String = lines[index].strip_edges()
		var head: RegExMatch = _error_line.search(line)
		if head != null:
			var at: RegExMatch = _at_line.search(lines[index + 1].strip_edges()) if index + 1 < lines.size() else null
			var error: Dictionary = {"line": int(at.get_string(2)) if at != null else 0, "message": head.get_string(1)}
			if at != null and at.get_string(1) != "" and at.get_string(1) != main:
				error["file"] = at.get_string(1)
			found.append(error)
		elif _unsupported.search(line) != null:
			var kind: String = _unsupported.search(line).get_string(1)
			var message: String = "No shader_type declared." if kind == "" else "Unknown shader_type '%s'." % kind
			found.append({"line": 1, "message": message + " Use spatial, canvas_item, particles, sky or fog."})
	return found
