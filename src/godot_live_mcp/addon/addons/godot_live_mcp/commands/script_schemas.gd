@tool
extends RefCounted
## What the script.* commands publish: descriptions, input and output schemas, annotations.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const FileSchemas := preload("res://addons/godot_live_mcp/commands/file_schemas.gd")
const ScriptSource := preload("res://addons/godot_live_mcp/authoring/script_source.gd")

const GROUP := "script"
const DEFAULT_LIMIT := 200
const GROUP_TEXT := "GDScript files: create, read, write, patch, check, and attach them to nodes."
const KEYWORDS: Array[String] = ["script", "gdscript", "code", "compile", "class_name", "attach"]


static func create_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Where to create the script (res:// path ending in .gd)."),
		"extends": S.string("Base: an engine class, a global class_name, or a res:// script path.", "Node"),
		"class_name": S.string("Optional global class name to declare."),
		"template":
		S.enum_of(
			ScriptSource.TEMPLATES,
			"empty: declarations only; node: _ready and _process stubs; tool: @tool (with the stubs for nodes).",
			ScriptSource.EMPTY
		),
		"if_exists": S.if_exists(),
	}
	return (
		_base("Create a new GDScript file from a template, typed and ready to edit. " + FileSchemas.UNDO_TEXT)
		. with_input_schema(S.object(params, ["path"]))
		. with_output_schema(
			FileSchemas.change_schema({"class_name": S.string(), "extends": S.string(), "status": S.create_status()})
		)
		. guard_project_path("path")
		. with_success_hint("Edit it with script_patch or script_write, then attach it with script_attach.")
	)


static func read_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Script (or any text file) to read (res:// path)."),
		"start_line": S.integer("First line, 1-based.", 1, 1),
		"end_line": S.integer("Last line, inclusive. Default: the end of the file.", null, 1),
	}
	var output: Dictionary = (
		S
		. page(
			"lines",
			"start_line",
			{
				"path": S.string(),
				"start_line": S.integer(),
				"end_line": S.integer(),
				"content":
				S.string("The lines exactly as stored, inside an untrusted-content envelope (secrets redacted)."),
			},
			["path", "content"]
		)
	)
	return (
		_base(
			(
				"Read a script by lines. Over the read cap it fails with FILE_TOO_LARGE naming a range that fits;"
				+ " page with start_line = next_start_line until has_more is false."
			)
		)
		. with_input_schema(S.object(params, ["path"]))
		. with_output_schema(output)
		. guard_project_path("path")
		. mark_read_only()
		. mark_idempotent()
	)


static func write_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Script to write (res:// path); missing folders are created."),
		"content": S.string("The script's whole new text."),
		"if_exists": FileSchemas.write_policy(),
	}
	return (
		_base(
			(
				"Replace a script's whole text (or create it); a script the editor has loaded is reloaded."
				+ " For small edits use script_patch. "
				+ FileSchemas.UNDO_TEXT
			)
		)
		. with_input_schema(S.object(params, ["path", "content"]))
		. with_output_schema(
			FileSchemas.change_schema(
				{
					"class_name": S.string(),
					"extends": S.string(),
					"total_lines": S.integer(),
					"status": S.create_status()
				}
			)
		)
		. guard_project_path("path")
		. with_success_hint("Run script_check to see whether it compiles.")
		. mark_destructive()
		. mark_idempotent()
	)


static func patch_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Script to edit (res:// path)."),
		"content": S.string("The replacement text (whole lines in line mode)."),
		"search": S.string("Exact text to replace; it must occur exactly once (else AMBIGUOUS_MATCH or NOT_FOUND)."),
		"start_line": S.integer("Line mode: first line to replace, 1-based.", null, 1),
		"end_line":
		S.integer("Line mode: last line to replace, inclusive (default start_line; start_line - 1 inserts).", null, 0),
	}
	var fields: Dictionary = {
		"mode": S.enum_of(["text", "lines"]),
		"start_line": S.integer("First line of the new text in the patched file."),
		"end_line": S.integer("Last line of the new text in the patched file."),
		"total_lines": S.integer(),
	}
	return (
		_base(
			(
				"Edit part of a script: replace an exact text that occurs once (search + content), or a line range"
				+ " (start_line, end_line + content). "
				+ FileSchemas.UNDO_TEXT
			)
		)
		. with_input_schema(S.object(params, ["path", "content"]))
		. with_output_schema(FileSchemas.change_schema(fields))
		. guard_project_path("path")
		. with_success_hint("Run script_check to see whether it compiles.")
		. mark_destructive()
	)


static func list_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Folder to look in (res:// path).", "res://"),
		"recursive": S.boolean("Also look in sub-folders.", true),
		"offset": S.integer("Index of the first script to return.", 0, 0),
		"limit": S.integer("How many scripts to return at most.", DEFAULT_LIMIT, 1),
	}
	var item: Dictionary = S.object(
		{"path": S.string(), "class_name": S.string(), "extends": S.string(), "tool": S.boolean()}, ["path"], true
	)
	return FileSchemas.folder_listing(
		_base("List the GDScript files in a folder with their class_name, base (extends) and @tool flag, paginated."),
		"scripts",
		item,
		params
	)


static func check_options() -> MCPToolkitCommandOptions:
	var error: Dictionary = (
		S
		. object(
			{
				"path": S.string("The script the error is in (a dependency may be at fault)."),
				"line": S.integer("1-based; 0 when the engine gave none."),
				"column": S.integer("1-based, best effort (where the name the message quotes appears); 0 if unknown."),
				"message": S.string(),
				"kind": S.string("parse, compile, script or load."),
			},
			["path", "line", "message"],
			true
		)
	)
	var fields: Dictionary = {
		"path": S.string(),
		"ok": S.boolean("True when the script compiles."),
		"errors": S.array(error),
		"error_count": S.integer(),
		"notes": S.array(S.string(), "Limits of the check, e.g. compilation stopping at an autoload."),
	}
	return (
		_base(
			(
				"Compile a GDScript file with the engine (in a separate headless process, so nothing runs) and"
				+ " return every error with its line, or ok. Use it after each script_write or script_patch."
			)
		)
		. with_input_schema(S.object({"path": S.string("Script to check (res:// path ending in .gd).")}, ["path"]))
		. with_output_schema(S.object(fields, ["path", "ok", "errors"], true))
		. guard_project_path("path")
		. mark_read_only()
		. mark_idempotent()
	)


static func attach_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"scene": S.scene(),
		"node_path": S.node_path(),
		"path": S.string("Script to attach (res:// path)."),
	}
	var fields: Dictionary = {
		"scene": S.string(),
		"node_path": S.string(),
		"path": S.string(),
		"previous": S.string("The script the node had before ('' for none)."),
	}
	return (
		_scene_base(
			(
				"Attach a script to a node of an open scene (replacing any script it had). The script's base must"
				+ " fit the node's class. Undoable with editor_undo; the scene is left unsaved."
			)
		)
		. with_input_schema(S.object(params, ["node_path", "path"]))
		. with_output_schema(S.object(fields, ["scene", "node_path", "path"], true))
		. guard_project_path("path")
	)


static func detach_options() -> MCPToolkitCommandOptions:
	var fields: Dictionary = {
		"scene": S.string(),
		"node_path": S.string(),
		"previous": S.string("The script removed ('' when the node had none)."),
		"detached": S.boolean("False when the node had no script (nothing changed)."),
	}
	return (
		_scene_base(
			"Remove the script from a node of an open scene. Undoable with editor_undo; the scene is left unsaved."
		)
		. with_input_schema(S.object({"scene": S.scene(), "node_path": S.node_path()}, ["node_path"]))
		. with_output_schema(S.object(fields, ["scene", "node_path", "detached"], true))
		. mark_idempotent()
	)


static func _base(description: String) -> MCPToolkitCommandOptions:
	return _scene_base(description).mark_scene_independent()


static func _scene_base(description: String) -> MCPToolkitCommandOptions:
	return MCPToolkitCommandOptions.new().with_description(description).with_group(GROUP, GROUP_TEXT, KEYWORDS)
