@tool
extends RefCounted
## script.create / read / write / list: GDScript files as text. Writes are undoable in the global
## history and reload a script the editor has loaded, so nodes using it see the new code.

const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ProjectTree := preload("res://addons/godot_live_mcp/authoring/project_tree.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const ScriptSource := preload("res://addons/godot_live_mcp/authoring/script_source.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const ProjectFolder := preload("res://addons/godot_live_mcp/authoring/project_folder.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const GROUP := "script"
## The top-level declarations a script's result reports.
const DECLARED := {"class_name": "string", "extends": "string"}
const TEMPLATE := (
	'enum(empty|node|tool)="empty": empty: declarations only; node: _ready and _process stubs;'
	+ " tool: @tool (with the stubs for nodes)."
)
const SCRIPTS := {"@": "array", "path!": "string", "class_name": "string", "extends": "string", "tool": "boolean"}
const DEFAULTS := {"marks": "read_only idempotent scene_independent", "guard": ["path"]}
const COMMANDS := {
	"script.create":
	{
		"text": "Create a new GDScript file from a template, typed and ready to edit. " + ProjectFiles.UNDO_TEXT,
		"args":
		[
			{"path!": "string: Where to create the script (res:// path ending in .gd)."},
			{"extends": 'string="Node": Base: an engine class, a global class_name, or a res:// script path.'},
			{"class_name": "string: Optional global class name to declare."},
			{"template": TEMPLATE, "if_exists": "@if_exists"},
		],
		"returns": [ProjectFiles.CHANGED, DECLARED, {"status": "@create_status"}],
		"hint": "Edit it with script_patch or script_write, then attach it with script_attach.",
		"marks": "scene_independent",
	},
	"script.read":
	{
		"text":
		(
			"Read a script by lines; past the read cap it fails with FILE_TOO_LARGE naming a range that fits:"
			+ " page with start_line = next_start_line until has_more is false."
		),
		"args":
		{
			"path!": "string: Script (or any text file) to read (res:// path).",
			"start_line": "integer[1..]=1: First line, 1-based.",
			"end_line": "integer[1..]: Last line, inclusive. Default: the end of the file.",
		},
		"returns":
		{
			"@page": "lines start_line",
			"path!": "string",
			"start_line": "integer",
			"end_line": "integer",
			"content!": "string: The lines exactly as stored (secrets redacted).",
		},
	},
	"script.write":
	{
		"text":
		(
			"Replace a script's whole text (or create it); a script the editor has loaded is reloaded."
			+ " For small edits use script_patch. "
			+ ProjectFiles.UNDO_TEXT
		),
		"args":
		[
			{"path!": "string: Script to write (res:// path); missing folders are created."},
			{"content!": "string: The script's whole new text.", "if_exists": '@if_exists="replace"'},
		],
		"returns": [ProjectFiles.CHANGED, DECLARED, {"total_lines": "integer", "status": "@create_status"}],
		"hint": "Run script_check to see whether it compiles.",
		"marks": "destructive idempotent scene_independent",
	},
	"script.list":
	{
		"text": "List the GDScript files in a folder with their class_name, base (extends) and @tool flag, paginated.",
		"args":
		[
			{"path": 'string="res://": Folder to look in (res:// path).'},
			{"recursive": "boolean=true: Also look in sub-folders."},
			{"offset": PageArgs.OFFSET % "script", "limit": PageArgs.LIMIT_200 % "scripts"},
		],
		"returns": {"@page": "scripts offset", "path": "string", "scripts!": SCRIPTS},
	},
}


static func create(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	var base: String = params.text("extends")
	var global_name: String = params.text("class_name")
	var template: String = params.text("template")
	var checked: Result = _creatable(path.value, base, global_name, template) if path.succeeded() else path
	if checked.succeeded():
		checked = IfExists.read(params)
	if checked.failed():
		return checked
	var result: Dictionary = {"path": path.value, "class_name": global_name, "extends": base}
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and checked.value != IfExists.REPLACE:
		return IfExists.answer(checked.value, "The script '%s'" % path.value, result)
	var node_based: bool = ClassDB.is_parent_class(ScriptSource.native_base(base), "Node")
	var text: String = ScriptSource.from_template(template, base, global_name, node_based)
	return await _saved("Create script %s" % path.value, text, result, existed)


static func read(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.existing_file(params)
	var text: Result = ProjectFiles.text_of(path.value) if path.succeeded() else path
	if text.failed():
		return text
	# Redacted whole, before the line window: a window must not split a secret.
	var source: String = Scrubber.scrub(text.value)
	var lines: PackedStringArray = TextContent.lines_of(source)
	var first: int = params.integer("start_line")
	var last: int = mini(params.integer("end_line") if params.has("end_line") else lines.size(), lines.size())
	if not _valid_range(first, last, lines.size()):
		return _bad_range(path.value, first, last, lines.size())
	var fits: Result = _within_cap(lines, first, last, params.has("end_line"))
	if fits.failed():
		return fits
	var page: Dictionary = TextContent.line_page(lines.size(), last - first + 1, last)
	var content: String = Scrubber.scrub(TextContent.line_window(source, lines, first, last))
	page.merge({"path": path.value, "start_line": first, "end_line": last, "content": content})
	return Result.of(page)


static func write(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	if path.succeeded() and DirAccess.dir_exists_absolute(path.value):
		path = Result.fail("INVALID_PARAMS", "'%s' is a folder." % path.value, "Give the script's file path.")
	var policy: Result = IfExists.read(params) if path.succeeded() else path
	if policy.failed():
		return policy
	var text: String = params.text("content")
	var result: Dictionary = ScriptSource.declarations(text)
	result.merge({"path": path.value, "total_lines": TextContent.lines_of(text).size()})
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The script '%s'" % path.value, result)
	return await _saved("Write script %s" % path.value, text, result, existed)


static func list(params: CommandParams) -> Result:
	var folder: Result = ProjectFolder.existing_folder(params)
	if folder.failed():
		return folder
	var scripts: Array[Dictionary] = []
	for path: String in ProjectTree.files(folder.value, params.flag("recursive"), "*.gd"):
		var found: Dictionary = ScriptSource.declarations(FileAccess.get_file_as_string(path))
		found["path"] = path
		scripts.append(found)
	return Result.of(ProjectFolder.listing(params, folder.value, scripts, "scripts"))


## Writes text to result["path"] through ProjectFiles.apply (the undo covers its .uid companion
## too) and completes result with the status and whether it can be undone.
static func _saved(what: String, text: String, result: Dictionary, existed: bool) -> Result:
	var path: String = result["path"]
	var paths: PackedStringArray = PackedStringArray([path, path + ".uid"])
	var change: Result = await ProjectFiles.apply(what, paths, _write_with_uid.bind(path, text.to_utf8_buffer()))
	if change.failed():
		return change
	result.merge({"status": "replaced" if existed else "created", "undoable": change.value})
	return Result.of(result)


## A new script gets its .uid file at once, as when the editor's own dialog creates one, so scenes
## can refer to it by uid before the next full scan.
static func _write_with_uid(path: String, bytes: PackedByteArray) -> Error:
	var err: Error = ProjectFiles.write_bytes(path, bytes)
	if err != OK or FileAccess.file_exists(path + ".uid"):
		return err
	return ProjectFiles.write_bytes(
		path + ".uid", (ResourceUID.id_to_text(ResourceUID.create_id()) + "\n").to_utf8_buffer()
	)


## Whether a script can be created at path from these choices: INVALID_PARAMS or NOT_FOUND if not.
static func _creatable(path: String, base: String, global_name: String, template: String) -> Result:
	if path.get_extension() != "gd":
		return Result.fail("INVALID_PARAMS", "'%s' is not a .gd path." % path, "End the path with .gd.")
	if not template in ScriptSource.TEMPLATES:
		return Result.fail(
			"INVALID_PARAMS", "template is '%s'; use one of %s." % [template, ", ".join(ScriptSource.TEMPLATES)]
		)
	var native: String = ScriptSource.native_base(base)
	if native == "":
		return Result.fail(
			"NOT_FOUND",
			"'%s' is neither an engine class, a global script class nor a script path." % base,
			(
				NameSuggestions.did_you_mean(base, Array(ClassCatalog.names()))
				+ MCPToolkitError.hint_for_param("class_name")
			)
		)
	if template == ScriptSource.NODE and not ClassDB.is_parent_class(native, "Node"):
		return Result.fail(
			"INVALID_PARAMS",
			"The node template needs a Node base; '%s' is a %s." % [base, native],
			"Use template 'empty' for non-node scripts."
		)
	return _class_name_free(path, global_name)


static func _class_name_free(path: String, global_name: String) -> Result:
	if global_name == "":
		return Result.of()
	if not global_name.is_valid_ascii_identifier():
		return Result.fail("INVALID_PARAMS", "class_name '%s' is not a valid identifier." % global_name)
	var owner: String = ClassCatalog.script_class_path(global_name)
	if ClassDB.class_exists(global_name) or (owner != "" and owner != path):
		return Result.fail(
			"INVALID_PARAMS",
			"class_name '%s' is already taken by %s." % [global_name, owner if owner != "" else "the engine"],
			"Pick another name; script_list shows the project's class names."
		)
	return Result.of()


## FILE_TOO_LARGE, naming the lines that would fit, when lines first..last pass the live read cap.
static func _within_cap(lines: PackedStringArray, first: int, last: int, asked: bool) -> Result:
	var cap: int = ToolkitSettings.read_cap_bytes()
	var total: int = 0
	var fitting: int = first - 1
	for size: int in TextContent.line_sizes(lines.slice(first - 1, last)):
		total += size
		if total <= cap:
			fitting += 1
	if total <= cap:
		return Result.of()
	var what: String = (
		"Lines %d-%d" % [first, last] if asked else "The rest of the script (lines %d-%d)" % [first, last]
	)
	var hint: String = (
		"Pass a line range: start_line=%d, end_line=%d fits; then continue from next_start_line." % [first, fitting]
		if fitting >= first
		else "Line %d alone is over the cap: read it in byte windows with file_read." % first
	)
	return Result.fail(
		"FILE_TOO_LARGE",
		"%s take %d bytes, over the read cap of %d (godot_live_mcp/limits/read_cap_kb)." % [what, total, cap],
		hint
	)


## An empty script has only the empty window at line 1; otherwise first..last must lie inside.
static func _valid_range(first: int, last: int, total: int) -> bool:
	if total == 0:
		return first == 1
	return first >= 1 and first <= total and last >= first


static func _bad_range(path: String, first: int, last: int, total: int) -> Result:
	return Result.fail(
		"INVALID_PARAMS",
		"Lines %d-%d are outside '%s', which has %d lines." % [first, last, path, total],
		"start_line is 1-based and end_line inclusive; read from start_line=1 to see the file."
	)
