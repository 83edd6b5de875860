@tool
extends RefCounted
## Reads and writes the JSON files of playtests (export-clean): a script to run, a result to leave
## for whoever started the game. A result appears whole or not at all.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")


## The JSON at path (res://, user:// or a file system path), or LOAD_FAILED saying why.
static func read(path: String) -> Result:
	if not FileAccess.file_exists(path):
		return Result.fail("NOT_FOUND", "No playtest script at %s." % path, "input_record can save one: a .json path.")
	var json: JSON = JSON.new()
	if json.parse(FileAccess.get_file_as_string(path)) != OK:
		return Result.fail(
			"LOAD_FAILED",
			"%s is not JSON: %s at line %d." % [path, json.get_error_message(), json.get_error_line()],
			"docs/playtest.md has the format."
		)
	return Result.of(json.data)


## Writes data as indented JSON to path through a temporary file renamed into place.
static func write(path: String, data: Variant) -> Error:
	var target: String = ProjectSettings.globalize_path(path)
	DirAccess.make_dir_recursive_absolute(target.get_base_dir())
	var partial: String = target + ".partial"
	var file: FileAccess = FileAccess.open(partial, FileAccess.WRITE)
	if file == null:
		return FileAccess.get_open_error()
	file.store_string(JSON.stringify(data, "  ", false) + "\n")
	file.close()
	return DirAccess.rename_absolute(partial, target)
