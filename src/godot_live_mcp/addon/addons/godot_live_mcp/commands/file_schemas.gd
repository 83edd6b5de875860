@tool
extends RefCounted
## What the file.* and folder.* commands publish: descriptions, input and output schemas, annotations.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")

const GROUP := "file"
const DEFAULT_LIMIT := 200
const GROUP_TEXT := "Project files and folders: list, read, write, move, delete and search them."
const KEYWORDS: Array[String] = ["file", "folder", "directory", "filesystem", "read", "write", "search", "grep"]
## How the file-changing tools word their undo, here and in the script and resource tools.
const UNDO_TEXT := (
	"Undoable with editor_undo (history 'global'), except changes over %d MiB (undoable: false)."
	% (ProjectFiles.UNDO_MAX_BYTES >> 20)
)


static func list_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Folder to list (res:// path).", "res://"),
		"glob": S.string("Only names matching this pattern ('*.gd'); with '/' it matches the relative path.", "*"),
		"recursive": S.boolean("Also list the contents of sub-folders.", false),
		"offset": S.integer("Index of the first entry to return.", 0, 0),
		"limit": S.integer("How many entries to return at most.", DEFAULT_LIMIT, 1),
	}
	var entry: Dictionary = S.object(
		{"path": S.string(), "type": S.enum_of(["file", "folder"]), "size": S.integer("Size in bytes (files).")},
		["path", "type"],
		true
	)
	var description: String = (
		"List the files and folders of a project folder, optionally recursive and filtered by a glob, paginated."
		+ " Hidden folders (.godot) and the MCP addon's folder are left out."
	)
	return folder_listing(_base(description), "entries", entry, params)


static func read_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("File to read (res:// path)."),
		"offset": S.integer("Byte offset to start at (0, or a next_offset from the previous page).", 0, 0),
		"max_bytes":
		S.integer(
			"Most bytes to return; at most the read cap (godot_live_mcp/limits/read_cap_kb). Default: the rest.",
			null,
			1
		),
		"encoding":
		S.enum_of(["text", "base64"], "text: UTF-8 text, wrapped as untrusted content; base64: raw bytes.", "text"),
	}
	var output: Dictionary = (
		S
		. page(
			"bytes",
			"offset",
			{
				"path": S.string(),
				"encoding": S.string(),
				"offset": S.integer(),
				"content":
				S.string("The bytes read: text inside an untrusted-content envelope (secrets redacted), or base64."),
			},
			["path", "content"]
		)
	)
	return (
		_base(
			(
				"Read a project file by byte windows, as text or base64. A read larger than the read cap fails"
				+ " with FILE_TOO_LARGE: page it with max_bytes and next_offset. For scripts by line, use script_read."
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
		"path": S.string("File to write (res:// path); missing folders are created."),
		"content": S.string("The whole new content: text, or base64 when encoding is base64."),
		"encoding": S.enum_of(["text", "base64"], "How content is encoded.", "text"),
		"if_exists": write_policy(),
	}
	return (
		_base(
			(
				"Create or overwrite a project file with the given content (atomic). For scripts prefer"
				+ " script_write, which also reloads them. "
				+ UNDO_TEXT
			)
		)
		. with_input_schema(S.object(params, ["path", "content"]))
		. with_output_schema(change_schema({"bytes_written": S.integer(), "status": S.create_status()}))
		. guard_project_path("path")
		. mark_destructive()
		. mark_idempotent()
	)


static func move_options() -> MCPToolkitCommandOptions:
	var policy: Dictionary = S.enum_of(
		["fail", "replace", "return"], "When 'to' exists: fail (ALREADY_EXISTS), replace it, or leave both.", "fail"
	)
	var params: Dictionary = {
		"path": S.string("File to move or rename (res:// path)."),
		"to": S.string("Its new res:// path; missing folders are created."),
		"if_exists": policy,
	}
	return (
		_base(
			(
				"Move or rename a project file, with its .uid and .import companions. Files only: folders cannot"
				+ " be moved with this tool. "
				+ UNDO_TEXT
			)
		)
		. with_input_schema(S.object(params, ["path", "to"]))
		. with_output_schema(change_schema({"to": S.string(), "moved": S.array(S.string())}))
		. guard_project_path("path")
		. guard_project_path("to")
		. mark_destructive()
	)


static func delete_options() -> MCPToolkitCommandOptions:
	return (
		_base("Delete a project file and its .uid and .import companions (folders: folder_delete). " + UNDO_TEXT)
		. with_input_schema(S.object({"path": S.string("File to delete (res:// path).")}, ["path"]))
		. with_output_schema(change_schema({"deleted": S.array(S.string())}))
		. guard_project_path("path")
		. mark_destructive()
	)


## A read-only listing of a project folder paginated by offset (file_list, resource_list,
## script_list): params (with "path") in; out, the folder's path and a page of items under unit.
static func folder_listing(
	options: MCPToolkitCommandOptions, unit: String, item: Dictionary, params: Dictionary
) -> MCPToolkitCommandOptions:
	var output: Dictionary = S.page(unit, "offset", {"path": S.string(), unit: S.array(item)}, [unit])
	return (
		options
		. with_input_schema(S.object(params))
		. with_output_schema(output)
		. guard_project_path("path")
		. mark_read_only()
		. mark_idempotent()
	)


## The if_exists parameter of tools that write a whole file: replacing is the default.
static func write_policy() -> Dictionary:
	var policy: Dictionary = S.if_exists()
	policy["default"] = "replace"
	return policy


## The result of a file change (file, script): its path, whether editor_undo can revert it, and extra fields.
static func change_schema(extra: Dictionary) -> Dictionary:
	var fields: Dictionary = {"path": S.string(), "undoable": S.boolean("Whether editor_undo (global) reverts it.")}
	fields.merge(extra)
	return S.object(fields, ["path"], true)


static func _base(description: String) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_group(GROUP, GROUP_TEXT, KEYWORDS)
		. mark_scene_independent()
	)
