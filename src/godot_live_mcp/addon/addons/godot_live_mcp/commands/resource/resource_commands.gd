@tool
extends RefCounted
## resource.create / get / set_property: resource files (.tres, .res) and their stored properties,
## every value through the coercion table. Changes are saved to the file at once and are undoable
## in the global history (undo rewrites the file and refreshes the copy the editor holds).

const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ResourceDump := preload("res://addons/godot_live_mcp/authoring/resource_dump.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const ScriptSource := preload("res://addons/godot_live_mcp/authoring/script_source.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")

const GROUP := "resource"
const VALUES_TEXT := (
	'Values as JSON, or tagged objects such as {"type": "Vector2", "x": 1, "y": 2};'
	+ " resource_get shows the current ones in the same shapes."
)
## Property values, name -> value (JSON Schema as it is; each use merges its own description in).
const VALUES := {"type": "object", "properties": {}, "additionalProperties": true}
## What resource_create, resource_get and resource_set_property return, besides their own fields.
const ROW := {
	"type": "string",
	"properties": [VALUES, {"description": "Stored property values, name -> value as JSON (secrets redacted)."}],
}
const DEFAULTS := {"marks": "scene_independent", "guard": ["path"]}
const COMMANDS := {
	"resource.create":
	{
		"text": "Create a resource file of a class, with initial property values. " + ProjectFiles.UNDO_TEXT,
		"args":
		{
			"path!": "string: Where to save it (res:// path, usually ending in .tres).",
			"class_name!": "string: Its class: an engine Resource class or a global script class extending one.",
			"properties": [VALUES, {"description": "Initial property values, name -> value. " + VALUES_TEXT}],
			"if_exists": "@if_exists",
		},
		"returns": [ProjectFiles.CHANGED, ROW, {"status": "@create_status"}],
	},
	"resource.get":
	{
		"run": "get_properties",
		"text":
		"Read a resource file's class, script and stored property values (as JSON shapes; secrets" + " redacted).",
		"args":
		{
			"path!": "string: Resource file to read (res:// path).",
			"properties": "array<string>: Only these properties (default: every stored one).",
		},
		"returns":
		[
			ProjectFiles.CHANGED,
			ROW,
			{"script": "string", "class_name": "string: Its script's global class, else its type."},
		],
		"marks": "read_only idempotent scene_independent",
		"target": "resource",
	},
	"resource.set_property":
	{
		"text":
		(
			"Set one or more stored properties of a resource file and save it; the editor's loaded copy changes"
			+ " too. A wrong name gives NOT_FOUND, a wrong value TYPE_MISMATCH. "
			+ ProjectFiles.UNDO_TEXT
		),
		"args":
		[
			{"path!": "string: Resource file to change (res:// path)."},
			{"property": "string: One property to set (with value).", "value": "@value: Its new value. " + VALUES_TEXT},
			{"properties": [VALUES, {"description": "Several at once, name -> value (one undo action)."}]},
		],
		"returns": [ProjectFiles.CHANGED, ROW],
		"marks": "idempotent scene_independent",
		"target": "resource",
	},
}


static func create(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	var made: Result = instantiate(params.text("class_name")) if path.succeeded() else path
	var checked: Result = ResourceFile.savable_as(made.value, path.value) if made.succeeded() else made
	if checked.succeeded():
		checked = IfExists.read(params)
	if checked.failed():
		return checked
	var result: Dictionary = {"path": path.value, "type": params.text("class_name")}
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and checked.value != IfExists.REPLACE:
		return IfExists.answer(checked.value, "The file '%s'" % path.value, result)
	var resource: Resource = made.value
	var values: Result = ResourceFile.coerce_all(resource, params.object("properties"))
	if values.failed():
		return values
	var change: Result = await ResourceFile.save("Create resource %s" % path.value, resource, values.value, path.value)
	if change.failed():
		return change
	result.merge({"status": "replaced" if existed else "created", "undoable": change.value})
	result["properties"] = ResourceDump.properties(resource, PackedStringArray(values.value.keys()))
	return Result.of(result)


static func get_properties(params: CommandParams, file: CommandTarget) -> Result:
	var resource: Resource = file.resource
	var names: PackedStringArray = ResourceDump.stored_names(resource)
	var wanted: PackedStringArray = params.strings("properties")
	for name: String in wanted:
		if not name in names:
			return ResourceFile.unknown_property("'%s'" % file.path, name, names)
	var script: Script = resource.get_script() as Script
	var result: Dictionary = {
		"path": file.path, "type": resource.get_class(), "class_name": ResourceFile.class_of(resource)
	}
	result["script"] = script.resource_path if script != null else ""
	result["properties"] = ResourceDump.properties(resource, wanted if not wanted.is_empty() else names)
	return Result.of(result)


static func set_property(params: CommandParams, file: CommandTarget) -> Result:
	var resource: Resource = file.resource
	var requested: Dictionary = PropertyInput.requested(params.raw)
	if requested.is_empty():
		return Result.fail("INVALID_PARAMS", "Pass property and value, or properties (a name -> value map).")
	var values: Result = ResourceFile.coerce_all(resource, requested)
	if values.failed():
		return values
	var names: PackedStringArray = PackedStringArray(values.value.keys())
	var what: String = "Set %s on %s" % [", ".join(names), file.path]
	var change: Result = await ResourceFile.save(what, resource, values.value, file.path)
	if change.failed():
		return change
	var result: Dictionary = {"path": file.path, "type": resource.get_class(), "undoable": change.value}
	result["properties"] = ResourceDump.properties(resource, names)
	return Result.of(result)


## A new resource of a class name (an engine Resource class or a global script class extending
## one), or NOT_FOUND, or INSTANTIATE_FAILED for an abstract class. Script classes get their
## script attached, as the editor's own "New Resource" does.
static func instantiate(type: String) -> Result:
	var native: String = ScriptSource.native_base(type) if not type.begins_with("res://") else ""
	if native == "" or not ClassDB.is_parent_class(native, "Resource"):
		return Result.fail(
			"NOT_FOUND",
			"'%s' is not a Resource class (engine or global script class)." % type,
			(
				NameSuggestions.did_you_mean(type, Array(_resource_classes()))
				+ "Use classdb_list_classes with base_class 'Resource' to see the resource classes."
			)
		)
	if not ClassDB.can_instantiate(native):
		return Result.fail("INSTANTIATE_FAILED", "'%s' is abstract; pick a concrete class." % native)
	var resource: Resource = ClassDB.instantiate(native) as Resource
	if native != type:
		resource.set_script(load(ClassCatalog.script_class_path(type)))
	return Result.of(resource)


## The engine's Resource classes and the project's class_names that extend one.
static func _resource_classes() -> PackedStringArray:
	var names: PackedStringArray = ClassDB.get_inheriters_from_class("Resource")
	for name: String in ClassCatalog.names():
		if not ClassDB.class_exists(name) and ClassCatalog.inherits(name, "Resource"):
			names.append(name)
	return names
