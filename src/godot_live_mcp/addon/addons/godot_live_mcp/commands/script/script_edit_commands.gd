@tool
extends RefCounted
## script.patch (part of a script's text), script.check (compile it with the engine) and
## script.attach / script.detach (a node's script, undoable in the scene's history).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const ScriptChecker := preload("res://addons/godot_live_mcp/authoring/script_checker.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")

const GROUP := "script"
## The node script.attach acted on.
const ON_NODE := {"scene!": "string", "node_path!": "string"}
const ERRORS := [
	{"@": "array", "path!": "string: The script the error is in (a dependency may be at fault)."},
	{"line!": "integer: 1-based; 0 when the engine gave none."},
	{"column": "integer: 1-based, best effort (where the name the message quotes appears); 0 if unknown."},
	{"message!": "string", "kind": "string: parse, compile, script or load."},
]
const DEFAULTS := {"guard": ["path"]}
const COMMANDS := {
	"script.patch":
	{
		"text":
		(
			"Edit part of a script: replace an exact text that occurs once (search + content), or a line range"
			+ " (start_line, end_line + content). "
			+ ProjectFiles.UNDO_TEXT
		),
		"args":
		{
			"path!": "string: Script to edit (res:// path).",
			"content!": "string: The replacement text (whole lines in line mode).",
			"search": "string: Exact text to replace; it must occur exactly once (else AMBIGUOUS_MATCH or NOT_FOUND).",
			"start_line": "integer[1..]: Line mode: first line to replace, 1-based.",
			"end_line":
			"integer[0..]: Line mode: last line to replace, inclusive (default start_line; start_line - 1 inserts).",
		},
		"returns":
		[
			ProjectFiles.CHANGED,
			{"mode": "enum(text|lines)", "start_line": "integer: First line of the new text in the patched file."},
			{"end_line": "integer: Last line of the new text in the patched file.", "total_lines": "integer"},
		],
		"hint": "Run script_check to see whether it compiles.",
		"marks": "destructive scene_independent",
	},
	"script.check":
	{
		"text":
		(
			"Compile a GDScript file in a separate headless engine (nothing runs) and return every error with"
			+ " its line, or ok; use it after each script_write or script_patch."
		),
		"args": {"path!": "string: Script to check (res:// path ending in .gd)."},
		"returns":
		[
			{"path!": "string", "ok!": "boolean: True when the script compiles.", "errors!": ERRORS},
			{"error_count": "integer"},
			{"notes": "array<string>: Limits of the check, e.g. compilation stopping at an autoload."},
		],
		"marks": "read_only idempotent scene_independent",
	},
	"script.attach":
	{
		"text":
		(
			"Attach a script to a node of an open scene (replacing any script it had). The script's base must"
			+ " fit the node's class. Undoable with editor_undo; the scene is left unsaved."
		),
		"args": {"scene": "@scene", "node_path!": "@node_path", "path!": "string: Script to attach (res:// path)."},
		"returns": [ON_NODE, {"path!": "string", "previous": "string: The script the node had before ('' for none)."}],
		"target": "node",
	},
	"script.detach":
	{
		"text": "Remove the script from a node of an open scene. Undoable with editor_undo; the scene is left unsaved.",
		"args": {"scene": "@scene", "node_path!": "@node_path"},
		"returns":
		[
			ON_NODE,
			{"previous": "string: The script removed ('' when the node had none)."},
			{"detached!": "boolean: False when the node had no script (nothing changed)."},
		],
		"marks": "idempotent",
		"target": "node",
	},
}


static func patch(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.existing_file(params)
	var text: Result = ProjectFiles.text_of(path.value) if path.succeeded() else path
	if text.failed():
		return text
	var edit: Result = (
		_text_edit(path.value, text.value, params)
		if params.has("search")
		else _line_edit(path.value, text.value, params)
	)
	if edit.failed():
		return edit
	var patched: Dictionary = edit.value
	var bytes: PackedByteArray = str(patched["text"]).to_utf8_buffer()
	var change: Result = await ProjectFiles.apply(
		"Patch script %s" % path.value,
		PackedStringArray([path.value]),
		ProjectFiles.write_bytes.bind(path.value, bytes)
	)
	if change.failed():
		return change
	patched.erase("text")
	patched.merge({"path": path.value, "undoable": change.value})
	return Result.of(patched)


static func check(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.existing_file(params)
	if path.failed():
		return path
	if (path.value as String).get_extension() != "gd":
		return Result.fail("UNSUPPORTED", "Only GDScript (.gd) files can be checked; '%s' is not one." % path.value)
	return await ScriptChecker.check(path.value)


static func attach(params: CommandParams, target: CommandTarget) -> Result:
	var loaded: Result = _load_script(params)
	if loaded.failed():
		return loaded
	var node: Node = target.node
	var script: Script = loaded.value
	if not node.is_class(script.get_instance_base_type()):
		return _base_mismatch(script, node, target.node_path)
	var previous: Script = node.get_script() as Script
	_swap_script(node, "Attach script to %s" % node.name, script, previous)
	var result: Dictionary = {"node_path": target.node_path, "path": script.resource_path}
	result["previous"] = previous.resource_path if previous != null else ""
	return Result.of(result)


static func detach(_params: CommandParams, target: CommandTarget) -> Result:
	var node: Node = target.node
	var previous: Script = node.get_script() as Script
	var result: Dictionary = {"node_path": target.node_path, "detached": previous != null}
	result["previous"] = previous.resource_path if previous != null else ""
	if previous != null:
		_swap_script(node, "Detach script from %s" % node.name, null, previous)
	return Result.of(result)


## Sets node's script and records it in the scene's history (the node itself is the context).
static func _swap_script(node: Node, what: String, script: Script, previous: Script) -> void:
	node.set_script(script)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what, node)
	action.do_method(node.set_script.bind(script)).undo_method(node.set_script.bind(previous))
	action.commit_recorded()


static func _base_mismatch(script: Script, node: Node, node_path: String) -> Result:
	var base: StringName = script.get_instance_base_type()
	return Result.fail(
		"TYPE_MISMATCH",
		"'%s' extends %s, but the node '%s' is a %s." % [script.resource_path, base, node_path, node.get_class()],
		(
			"Attach it to a %s (scene_get_tree lists the nodes), or create a script that extends %s."
			% [base, node.get_class()]
		)
	)


## {"text", "mode", "start_line", "end_line", "total_lines"} of a search edit, or NOT_FOUND or
## AMBIGUOUS_MATCH when the search text does not occur exactly once.
static func _text_edit(path: String, text: String, params: CommandParams) -> Result:
	var search: String = params.text("search")
	var content: String = params.text("content")
	var count: int = text.count(search) if search != "" else 0
	if count == 0:
		return Result.fail(
			"NOT_FOUND", "The search text does not occur in '%s'." % path, "Read the current text with script_read."
		)
	if count > 1:
		return Result.fail(
			"AMBIGUOUS_MATCH",
			"The search text occurs %d times in '%s' (lines %s)." % [count, path, _lines_of_matches(text, search)],
			"Include more surrounding text so it occurs once, or patch by start_line/end_line."
		)
	var at: int = text.find(search)
	var first: int = text.substr(0, at).count("\n") + 1
	var patched: String = text.substr(0, at) + content + text.substr(at + search.length())
	var last: int = first + maxi(content.count("\n") - (1 if content.ends_with("\n") else 0), 0)
	return Result.of(_edited(patched, "text", first, last))


## The same for a line-range edit: lines start_line..end_line become the lines of content.
static func _line_edit(path: String, text: String, params: CommandParams) -> Result:
	if not params.has("start_line"):
		return Result.fail(
			"INVALID_PARAMS", "Pass either search (exact text) or start_line (a line range) with content."
		)
	var lines: PackedStringArray = TextContent.lines_of(text)
	var first: int = params.integer("start_line")
	var last: int = params.integer("end_line") if params.has("end_line") else first
	if first < 1 or first > lines.size() + 1 or last < first - 1 or last > lines.size():
		return Result.fail(
			"INVALID_PARAMS",
			"Lines %d-%d are outside '%s', which has %d lines." % [first, last, path, lines.size()],
			"Read it with script_read; end_line = start_line - 1 inserts before start_line."
		)
	var added: PackedStringArray = TextContent.lines_of(params.text("content"))
	var kept: PackedStringArray = lines.slice(0, first - 1) + added + lines.slice(last)
	var patched: String = "\n".join(kept)
	if not kept.is_empty() and (text.ends_with("\n") or text.is_empty()):
		patched += "\n"
	return Result.of(_edited(patched, "lines", first, first + added.size() - 1))


static func _edited(patched: String, mode: String, first: int, last: int) -> Dictionary:
	return {
		"text": patched,
		"mode": mode,
		"start_line": first,
		"end_line": last,
		"total_lines": TextContent.lines_of(patched).size(),
	}


static func _lines_of_matches(text: String, search: String) -> String:
	var numbers: PackedStringArray = PackedStringArray()
	var at: int = text.find(search)
	while at >= 0 and numbers.size() < 10:
		numbers.append(str(text.substr(0, at).count("\n") + 1))
		at = text.find(search, at + 1)
	return ", ".join(numbers)


## The script params["path"] names, loaded; NOT_FOUND, INVALID_PARAMS for a file that is not a
## script, or COMPILE_ERROR.
static func _load_script(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.existing_file(params)
	if path.failed():
		return path
	if not (path.value as String).get_extension() in ResourceLoader.get_recognized_extensions_for_type("Script"):
		return Result.fail("INVALID_PARAMS", "'%s' is not a script." % path.value, "script_list shows the scripts.")
	var script: Script = ResourceLoader.load(path.value, "Script") as Script
	# A script that does not compile fails to load, or (if it broke after loading) has no base type.
	if script == null or script.get_instance_base_type() == &"":
		return Result.fail("COMPILE_ERROR", "'%s' does not compile." % path.value, "See its errors with script_check.")
	return Result.of(script)
