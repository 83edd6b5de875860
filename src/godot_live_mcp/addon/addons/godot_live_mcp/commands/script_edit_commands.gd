@tool
extends RefCounted
## script.patch (part of a script's text), script.check (compile it with the engine) and
## script.attach / script.detach (a node's script, undoable in the scene's history).

const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const ScriptChecker := preload("res://addons/godot_live_mcp/authoring/script_checker.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const ScriptSchemas := preload("res://addons/godot_live_mcp/commands/script_schemas.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("script.patch", patch, ScriptSchemas.patch_options())
	registry.add("script.check", check, ScriptSchemas.check_options())
	registry.add("script.attach", attach, ScriptSchemas.attach_options())
	registry.add("script.detach", detach, ScriptSchemas.detach_options())


static func patch(params: Dictionary) -> Dictionary:
	var file: Dictionary = ProjectFiles.existing_text(params)
	if file.has("error"):
		return file["error"]
	var path: String = file["path"]
	var text: String = file["text"]
	var edit: Dictionary = _text_edit(path, text, params) if params.has("search") else _line_edit(path, text, params)
	if not edit.has("text"):
		return edit
	var change: Dictionary = await ProjectFiles.apply(
		"Patch script %s" % path,
		PackedStringArray([path]),
		ProjectFiles.write_bytes.bind(path, str(edit["text"]).to_utf8_buffer())
	)
	if not change["success"]:
		return change
	edit.erase("text")
	edit.merge({"path": path, "undoable": change["undoable"]})
	return MCPToolkitSuccess.ok(edit)


static func check(params: Dictionary) -> Dictionary:
	var found: Dictionary = ProjectFiles.existing_file(params)
	if found.has("error"):
		return found["error"]
	var path: String = found["path"]
	if path.get_extension() != "gd":
		return MCPToolkitError.fail("UNSUPPORTED", "Only GDScript (.gd) files can be checked; '%s' is not one." % path)
	var report: Dictionary = await ScriptChecker.check(path)
	if report.has("failure"):
		return MCPToolkitError.fail(
			str(report["failure"]), str(report["message"]), "Retry; if it persists, run godot-live-mcp doctor."
		)
	var errors: Array[Dictionary] = report["errors"]
	return MCPToolkitSuccess.ok(
		{"path": path, "ok": report["ok"], "errors": errors, "error_count": errors.size(), "notes": report["notes"]}
	)


## Both run with their scene as the active tab (SceneEdit): the editor files an undo step by the active
## scene, so a scene in a background tab would otherwise get it in the global history.
static func attach(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _attach_in.bind(params))


static func detach(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _detach_in.bind(str(params.get("node_path", ""))))


static func _attach_in(root: Node, params: Dictionary) -> Dictionary:
	var node_path: String = str(params.get("node_path", ""))
	var node: Node = NodeLookup.find(root, node_path)
	if node == null:
		return NodeLookup.not_found(root, node_path)
	var loaded: Dictionary = _load_script(ProjectFiles.guarded(params.get("path")))
	if loaded.has("error"):
		return loaded["error"]
	var script: Script = loaded["script"]
	if not node.is_class(script.get_instance_base_type()):
		return _base_mismatch(script, node, NodeLookup.path_of(root, node))
	var previous: Script = node.get_script() as Script
	_swap_script(node, "Attach script to %s" % node.name, script, previous)
	var result: Dictionary = {"node_path": NodeLookup.path_of(root, node), "path": script.resource_path}
	result["previous"] = previous.resource_path if previous != null else ""
	return MCPToolkitSuccess.ok(result)


static func _detach_in(root: Node, node_path: String) -> Dictionary:
	var node: Node = NodeLookup.find(root, node_path)
	if node == null:
		return NodeLookup.not_found(root, node_path)
	var previous: Script = node.get_script() as Script
	var result: Dictionary = {"node_path": NodeLookup.path_of(root, node), "detached": previous != null}
	result["previous"] = previous.resource_path if previous != null else ""
	if previous != null:
		_swap_script(node, "Detach script from %s" % node.name, null, previous)
	return MCPToolkitSuccess.ok(result)


## Sets node's script and records it in the scene's history (the node itself is the context).
static func _swap_script(node: Node, what: String, script: Script, previous: Script) -> void:
	node.set_script(script)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what, node)
	action.do_method(node.set_script.bind(script)).undo_method(node.set_script.bind(previous))
	action.commit_recorded()


static func _base_mismatch(script: Script, node: Node, node_path: String) -> Dictionary:
	var base: StringName = script.get_instance_base_type()
	return MCPToolkitError.fail(
		"TYPE_MISMATCH",
		"'%s' extends %s, but the node '%s' is a %s." % [script.resource_path, base, node_path, node.get_class()],
		(
			"Attach it to a %s (scene_get_tree lists the nodes), or create a script that extends %s."
			% [base, node.get_class()]
		)
	)


## {"text", "mode", "start_line", "end_line", "total_lines"} for a search edit, or an error envelope.
static func _text_edit(path: String, text: String, params: Dictionary) -> Dictionary:
	var search: String = str(params["search"])
	var content: String = str(params["content"])
	var count: int = text.count(search) if search != "" else 0
	if count == 0:
		return MCPToolkitError.fail(
			"NOT_FOUND", "The search text does not occur in '%s'." % path, "Read the current text with script_read."
		)
	if count > 1:
		return MCPToolkitError.fail(
			"AMBIGUOUS_MATCH",
			"The search text occurs %d times in '%s' (lines %s)." % [count, path, _lines_of_matches(text, search)],
			"Include more surrounding text so it occurs once, or patch by start_line/end_line."
		)
	var at: int = text.find(search)
	var first: int = text.substr(0, at).count("\n") + 1
	var patched: String = text.substr(0, at) + content + text.substr(at + search.length())
	var last: int = first + maxi(content.count("\n") - (1 if content.ends_with("\n") else 0), 0)
	return _edited(patched, "text", first, last)


## The same for a line-range edit: lines start_line..end_line become the lines of content.
static func _line_edit(path: String, text: String, params: Dictionary) -> Dictionary:
	if not params.has("start_line"):
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "Pass either search (exact text) or start_line (a line range) with content."
		)
	var lines: PackedStringArray = TextContent.lines_of(text)
	var first: int = int(params["start_line"])
	var last: int = int(params.get("end_line", first))
	if first < 1 or first > lines.size() + 1 or last < first - 1 or last > lines.size():
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"Lines %d-%d are outside '%s', which has %d lines." % [first, last, path, lines.size()],
			"Read it with script_read; end_line = start_line - 1 inserts before start_line."
		)
	var added: PackedStringArray = TextContent.lines_of(str(params["content"]))
	var kept: PackedStringArray = lines.slice(0, first - 1) + added + lines.slice(last)
	var patched: String = "\n".join(kept)
	if not kept.is_empty() and (text.ends_with("\n") or text.is_empty()):
		patched += "\n"
	return _edited(patched, "lines", first, first + added.size() - 1)


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


## {"script"} loaded from path, or {"error"}.
static func _load_script(path: String) -> Dictionary:
	if path == "":
		return {"error": MCPToolkitError.fail("INVALID_PARAMS", "Missing required parameter 'path' (the script).")}
	if not FileAccess.file_exists(path):
		return {"error": ProjectFiles.missing_file(path)}
	if not path.get_extension() in ResourceLoader.get_recognized_extensions_for_type("Script"):
		return {
			"error":
			MCPToolkitError.fail("INVALID_PARAMS", "'%s' is not a script." % path, "script_list shows the scripts.")
		}
	var script: Script = ResourceLoader.load(path, "Script") as Script
	# A script that does not compile fails to load, or (if it broke after loading) has no base type.
	if script == null or script.get_instance_base_type() == &"":
		return {
			"error":
			MCPToolkitError.fail("COMPILE_ERROR", "'%s' does not compile." % path, "See its errors with script_check.")
		}
	return {"script": script}
