@tool
extends RefCounted
## What the resource.* commands publish: descriptions, input and output schemas, annotations.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const FileSchemas := preload("res://addons/godot_live_mcp/commands/file_schemas.gd")

const GROUP := "resource"
const DEFAULT_LIMIT := 200
const GROUP_TEXT := "Resource files (.tres, .res): create them, read and set their properties, list and copy them."
const KEYWORDS: Array[String] = ["resource", "tres", "material", "data", "properties"]
const VALUES_TEXT := 'Values use the JSON shapes of docs/coercion.md, e.g. {"type": "Vector2", "x": 1, "y": 2}.'


static func create_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Where to save it (res:// path, usually ending in .tres)."),
		"class_name": S.string("Its class: an engine Resource class or a global script class extending one."),
		"properties": S.object({}, [], true),
		"if_exists": S.if_exists(),
	}
	params["properties"]["description"] = "Initial property values, name -> value. " + VALUES_TEXT
	return (
		_base("Create a resource file of a class, with initial property values. " + FileSchemas.UNDO_TEXT)
		. with_input_schema(S.object(params, ["path", "class_name"]))
		. with_output_schema(_result_schema({"status": S.create_status()}))
		. guard_project_path("path")
	)


static func get_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Resource file to read (res:// path)."),
		"properties": S.array(S.string(), "Only these properties (default: every stored one)."),
	}
	return (
		_base(
			(
				"Read a resource file's class, script and stored property values (as JSON shapes; text values"
				+ " are wrapped as untrusted content)."
			)
		)
		. with_input_schema(S.object(params, ["path"]))
		. with_output_schema(
			_result_schema({"script": S.string(), "class_name": S.string("Its script's global class, else its type.")})
		)
		. guard_project_path("path")
		. mark_read_only()
		. mark_idempotent()
	)


static func set_property_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Resource file to change (res:// path)."),
		"property": S.string("One property to set (with value)."),
		"value": S.any("Its new value. " + VALUES_TEXT),
		"properties": S.object({}, [], true),
	}
	params["properties"]["description"] = "Several at once, name -> value (one undo action)."
	return (
		_base(
			(
				"Set one or more stored properties of a resource file and save it; the editor's loaded copy changes"
				+ " too. A wrong name gives NOT_FOUND, a wrong value TYPE_MISMATCH. "
				+ FileSchemas.UNDO_TEXT
			)
		)
		. with_input_schema(S.object(params, ["path"]))
		. with_output_schema(_result_schema({}))
		. guard_project_path("path")
		. mark_idempotent()
	)


static func list_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Folder to look in (res:// path).", "res://"),
		"class_name": S.string("Only resources of this class or a subclass (engine or global script class)."),
		"recursive": S.boolean("Also look in sub-folders.", true),
		"offset": S.integer("Index of the first resource to return.", 0, 0),
		"limit": S.integer("How many resources to return at most.", DEFAULT_LIMIT, 1),
	}
	var item: Dictionary = S.object(
		{"path": S.string(), "type": S.string(), "class_name": S.string("Script class, '' for none.")}, ["path"], true
	)
	return FileSchemas.folder_listing(
		_base("List the resource files (scenes, scripts, .tres, imported assets) under a folder, by class, paginated."),
		"resources",
		item,
		params
	)


static func duplicate_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Resource file to copy (res:// path)."),
		"to": S.string("Path of the copy (res://)."),
		"if_exists": S.if_exists(),
	}
	return (
		_base(
			(
				"Copy a resource file to a new path with its own uid; internal sub-resources are copied, files it"
				+ " refers to stay shared. "
				+ FileSchemas.UNDO_TEXT
			)
		)
		. with_input_schema(S.object(params, ["path", "to"]))
		. with_output_schema(
			S.object(
				{
					"path": S.string(),
					"to": S.string(),
					"type": S.string(),
					"status": S.create_status(),
					"undoable": S.boolean()
				},
				["path", "to"],
				true
			)
		)
		. guard_project_path("path")
		. guard_project_path("to")
	)


static func _result_schema(extra: Dictionary) -> Dictionary:
	var fields: Dictionary = {
		"path": S.string(),
		"type": S.string(),
		"properties": S.object({}, [], true),
		"undoable": S.boolean("Whether editor_undo (global) reverts it."),
	}
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
