@tool
extends RefCounted
## The breakpoints set through the debug tools: script lines where the game stops. The editor passes
## them to every game it starts (EditorPlugin._get_breakpoints); a running game gets each change at once.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## "res://path.gd:line" strings, in the order they were set.
var _lines: PackedStringArray = PackedStringArray()


## The breakpoints as {file, line}, in the order they were set.
func listed() -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for entry: String in _lines:
		var split: int = entry.rfind(":")
		found.append({"file": entry.left(split), "line": int(entry.substr(split + 1))})
	return found


## What the engine takes on the command line (--breakpoints): "res://path.gd:line".
func as_arguments() -> PackedStringArray:
	return _lines.duplicate()


func has(file: String, line: int) -> bool:
	return _key(file, line) in _lines


## Adds file:line after checking that it is a line of code of a script; false when it was there.
func add(file: String, line: int) -> Result:
	var checked: Result = check(file, line)
	if checked.failed():
		return checked
	if has(file, line):
		return Result.of(false)
	_lines.append(_key(file, line))
	return Result.of(true)


func remove(file: String, line: int) -> bool:
	var index: int = _lines.find(_key(file, line))
	if index >= 0:
		_lines.remove_at(index)
	return index >= 0


## OK when line of file holds code the game can stop on; else the failure naming the nearest lines that do.
static func check(file: String, line: int) -> Result:
	if not file.begins_with("res://") or not file.get_extension() in ["gd", "cs"]:
		return Result.fail("INVALID_PARAMS", "'%s' is not a script path." % file, "Pass a res:// path of a .gd script.")
	if not FileAccess.file_exists(file):
		return Result.fail("NOT_FOUND", "No script at '%s'." % file, MCPToolkitError.hint_for_param("file_path"))
	var lines: PackedStringArray = FileAccess.get_file_as_string(file).split("\n")
	if line < 1 or line > lines.size():
		return Result.fail("INVALID_PARAMS", "'%s' has %d lines; line %d is outside it." % [file, lines.size(), line])
	if _is_code(lines[line - 1]):
		return Result.of(true)
	return Result.fail(
		"INVALID_PARAMS",
		"Line %d of '%s' holds no code (blank or a comment): the game never stops there." % [line, file],
		"Use a line with a statement, e.g. line %d." % _nearest_code_line(lines, line)
	)


static func _is_code(text: String) -> bool:
	var stripped: String = text.strip_edges()
	return stripped != "" and not stripped.begins_with("#")


static func _nearest_code_line(lines: PackedStringArray, line: int) -> int:
	for distance: int in lines.size():
		for candidate: int in [line + distance, line - distance]:
			if candidate >= 1 and candidate <= lines.size() and _is_code(lines[candidate - 1]):
				return candidate
	return 1


static func _key(file: String, line: int) -> String:
	return "%s:%d" % [file, line]
