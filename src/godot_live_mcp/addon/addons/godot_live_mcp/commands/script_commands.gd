@tool
extends RefCounted
## script.create / read / write / list: GDScript files as text. Writes are undoable in the global
## history and reload a script the editor has loaded, so nodes using it see the new code.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const Untrusted := preload("res://addons/godot_live_mcp/security/untrusted.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ProjectTree := preload("res://addons/godot_live_mcp/authoring/project_tree.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const ScriptSource := preload("res://addons/godot_live_mcp/authoring/script_source.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const ScriptSchemas := preload("res://addons/godot_live_mcp/commands/script_schemas.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("script.create", create, ScriptSchemas.create_options())
	registry.add("script.read", read, ScriptSchemas.read_options())
	registry.add("script.write", write, ScriptSchemas.write_options())
	registry.add("script.list", list, ScriptSchemas.list_options())


static func create(params: Dictionary) -> Dictionary:
	var path: String = ProjectFiles.guarded(params.get("path"))
	if path == "":
		return ProjectFiles.denied("path", params.get("path"))
	var base: String = str(params.get("extends", "Node"))
	var global_name: String = str(params.get("class_name", ""))
	var template: String = str(params.get("template", ScriptSource.EMPTY))
	var problem: Dictionary = _create_problem(path, base, global_name, template)
	if not problem.is_empty():
		return problem
	var chosen: String = IfExists.policy(params)
	if chosen == "":
		return IfExists.invalid(params)
	var result: Dictionary = {"path": path, "class_name": global_name, "extends": base}
	var existed: bool = FileAccess.file_exists(path)
	if existed and chosen != IfExists.REPLACE:
		return IfExists.existing(chosen, "The script '%s'" % path, result)
	var node_based: bool = ClassDB.is_parent_class(ScriptSource.native_base(base), "Node")
	var text: String = ScriptSource.from_template(template, base, global_name, node_based)
	var change: Dictionary = await _write_script("Create script %s" % path, path, text)
	if not change["success"]:
		return change
	result.merge({"status": "replaced" if existed else "created", "undoable": change["undoable"]})
	return MCPToolkitSuccess.ok(result)


static func read(params: Dictionary) -> Dictionary:
	var file: Dictionary = ProjectFiles.existing_text(params)
	if file.has("error"):
		return file["error"]
	var path: String = file["path"]
	var text: String = file["text"]
	var lines: PackedStringArray = TextContent.lines_of(text)
	var first: int = int(params.get("start_line", 1))
	var last: int = mini(int(params.get("end_line", lines.size())), lines.size())
	if not _valid_range(first, last, lines.size()):
		return _bad_range(path, first, last, lines.size())
	var too_large: Dictionary = _over_cap(lines, first, last, params.has("end_line"))
	if not too_large.is_empty():
		return too_large
	var page: Dictionary = TextContent.line_page(lines.size(), last - first + 1, last)
	(
		page
		. merge(
			{
				"path": path,
				"start_line": first,
				"end_line": last,
				"content": Untrusted.wrap("script", path, TextContent.line_window(text, lines, first, last)),
			}
		)
	)
	return MCPToolkitSuccess.ok(page)


static func write(params: Dictionary) -> Dictionary:
	var path: String = ProjectFiles.guarded(params.get("path"))
	if path == "":
		return ProjectFiles.denied("path", params.get("path"))
	if not params.get("content") is String:
		return MCPToolkitError.fail("INVALID_PARAMS", "Missing required parameter 'content' (the script's text).")
	if DirAccess.dir_exists_absolute(path):
		return MCPToolkitError.fail("INVALID_PARAMS", "'%s' is a folder." % path, "Give the script's file path.")
	var chosen: String = IfExists.policy(params, IfExists.REPLACE)
	if chosen == "":
		return IfExists.invalid(params)
	var text: String = params["content"]
	var result: Dictionary = ScriptSource.declarations(text)
	result.merge({"path": path, "total_lines": TextContent.lines_of(text).size()})
	var existed: bool = FileAccess.file_exists(path)
	if existed and chosen != IfExists.REPLACE:
		return IfExists.existing(chosen, "The script '%s'" % path, result)
	var change: Dictionary = await _write_script("Write script %s" % path, path, text)
	if not change["success"]:
		return change
	result.merge({"status": "replaced" if existed else "created", "undoable": change["undoable"]})
	return MCPToolkitSuccess.ok(result)


static func list(params: Dictionary) -> Dictionary:
	var folder: String = ProjectFiles.guarded(params.get("path", "res://"))
	if folder == "":
		return ProjectFiles.denied("path", params.get("path"))
	if not DirAccess.dir_exists_absolute(folder):
		return MCPToolkitError.fail("NOT_FOUND", "No folder at '%s'." % folder, "List folders with file_list.")
	var scripts: Array[Dictionary] = []
	for path: String in ProjectTree.files(folder, bool(params.get("recursive", true)), "*.gd"):
		var found: Dictionary = ScriptSource.declarations(FileAccess.get_file_as_string(path))
		found["path"] = path
		scripts.append(found)
	var limit: int = int(params.get("limit", ScriptSchemas.DEFAULT_LIMIT))
	var page: Dictionary = Pagination.list_page(scripts, int(params.get("offset", 0)), limit, "scripts", "scripts")
	page["path"] = folder
	return MCPToolkitSuccess.ok(page)


## Writes a script through ProjectFiles.apply; the undo covers its .uid companion too.
static func _write_script(what: String, path: String, text: String) -> Dictionary:
	var paths: PackedStringArray = PackedStringArray([path, path + ".uid"])
	return await ProjectFiles.apply(what, paths, _write_with_uid.bind(path, text.to_utf8_buffer()))


## A new script gets its .uid file at once, as when the editor's own dialog creates one, so scenes
## can refer to it by uid before the next full scan.
static func _write_with_uid(path: String, bytes: PackedByteArray) -> Error:
	var err: Error = ProjectFiles.write_bytes(path, bytes)
	if err != OK or FileAccess.file_exists(path + ".uid"):
		return err
	return ProjectFiles.write_bytes(
		path + ".uid", (ResourceUID.id_to_text(ResourceUID.create_id()) + "\n").to_utf8_buffer()
	)


static func _create_problem(path: String, base: String, global_name: String, template: String) -> Dictionary:
	if path.get_extension() != "gd":
		return MCPToolkitError.fail("INVALID_PARAMS", "'%s' is not a .gd path." % path, "End the path with .gd.")
	if not template in ScriptSource.TEMPLATES:
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "template is '%s'; use one of %s." % [template, ", ".join(ScriptSource.TEMPLATES)]
		)
	var native: String = ScriptSource.native_base(base)
	if native == "":
		return MCPToolkitError.fail(
			"NOT_FOUND",
			"'%s' is neither an engine class, a global script class nor a script path." % base,
			MCPToolkitError.hint_for_param("class_name")
		)
	if template == ScriptSource.NODE and not ClassDB.is_parent_class(native, "Node"):
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"The node template needs a Node base; '%s' is a %s." % [base, native],
			"Use template 'empty' for non-node scripts."
		)
	return _class_name_problem(path, global_name)


static func _class_name_problem(path: String, global_name: String) -> Dictionary:
	if global_name == "":
		return {}
	if not global_name.is_valid_ascii_identifier():
		return MCPToolkitError.fail("INVALID_PARAMS", "class_name '%s' is not a valid identifier." % global_name)
	var owner: String = ClassCatalog.script_class_path(global_name)
	if ClassDB.class_exists(global_name) or (owner != "" and owner != path):
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"class_name '%s' is already taken by %s." % [global_name, owner if owner != "" else "the engine"],
			"Pick another name; script_list shows the project's class names."
		)
	return {}


## FILE_TOO_LARGE, naming the lines that would fit, when lines first..last pass the live read cap.
static func _over_cap(lines: PackedStringArray, first: int, last: int, asked: bool) -> Dictionary:
	var cap: int = ToolkitSettings.read_cap_bytes()
	var sizes: PackedInt64Array = TextContent.line_sizes(lines.slice(first - 1, last))
	var total: int = 0
	var fitting: int = first - 1
	for size: int in sizes:
		total += size
		if total <= cap:
			fitting += 1
	if total <= cap:
		return {}
	var what: String = (
		"Lines %d-%d" % [first, last] if asked else "The rest of the script (lines %d-%d)" % [first, last]
	)
	var hint: String = (
		"Pass a line range: start_line=%d, end_line=%d fits; then continue from next_start_line." % [first, fitting]
		if fitting >= first
		else "Line %d alone is over the cap: read it in byte windows with file_read." % first
	)
	return MCPToolkitError.fail(
		"FILE_TOO_LARGE",
		"%s take %d bytes, over the read cap of %d (godot_live_mcp/limits/read_cap_kb)." % [what, total, cap],
		hint
	)


## An empty script has only the empty window at line 1; otherwise first..last must lie inside.
static func _valid_range(first: int, last: int, total: int) -> bool:
	if total == 0:
		return first == 1
	return first >= 1 and first <= total and last >= first


static func _bad_range(path: String, first: int, last: int, total: int) -> Dictionary:
	return MCPToolkitError.fail(
		"INVALID_PARAMS",
		"Lines %d-%d are outside '%s', which has %d lines." % [first, last, path, total],
		"start_line is 1-based and end_line inclusive; read from start_line=1 to see the file."
	)
