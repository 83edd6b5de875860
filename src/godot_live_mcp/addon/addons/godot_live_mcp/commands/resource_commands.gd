@tool
extends RefCounted
## resource.create / get / set_property: resource files (.tres, .res) and their stored properties,
## every value through the coercion table. Changes are saved to the file at once and are undoable
## in the global history (undo rewrites the file and refreshes the copy the editor holds).

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ResourceDump := preload("res://addons/godot_live_mcp/authoring/resource_dump.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const ScriptSource := preload("res://addons/godot_live_mcp/authoring/script_source.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const ResourceSchemas := preload("res://addons/godot_live_mcp/commands/resource_schemas.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("resource.create", create, ResourceSchemas.create_options())
	registry.add("resource.get", get_properties, ResourceSchemas.get_options())
	registry.add("resource.set_property", set_property, ResourceSchemas.set_property_options())


static func create(params: Dictionary) -> Dictionary:
	var path: String = ProjectFiles.guarded(params.get("path"))
	if path == "":
		return ProjectFiles.denied("path", params.get("path"))
	var made: Dictionary = instantiate(str(params.get("class_name", "")))
	if made.has("error"):
		return made["error"]
	var resource: Resource = made["resource"]
	var bad_target: Dictionary = save_target_problem(resource, path)
	if not bad_target.is_empty():
		return bad_target
	var chosen: String = IfExists.policy(params)
	if chosen == "":
		return IfExists.invalid(params)
	var result: Dictionary = {"path": path, "type": str(params["class_name"])}
	var existed: bool = FileAccess.file_exists(path)
	if existed and chosen != IfExists.REPLACE:
		return IfExists.existing(chosen, "The file '%s'" % path, result)
	var coerced: Dictionary = coerce_all(resource, PropertyInput.requested(params))
	if coerced.has("error"):
		return coerced["error"]
	var values: Dictionary = coerced["values"]
	var change: Dictionary = await ProjectFiles.apply(
		"Create resource %s" % path, PackedStringArray([path]), assign_and_save.bind(resource, values, path)
	)
	if not change["success"]:
		return change
	result.merge({"status": "replaced" if existed else "created", "undoable": change["undoable"]})
	result["properties"] = ResourceDump.properties(resource, PackedStringArray(values.keys()), path)
	return MCPToolkitSuccess.ok(result)


static func get_properties(params: Dictionary) -> Dictionary:
	var loaded: Dictionary = load_resource(params)
	if loaded.has("error"):
		return loaded["error"]
	var resource: Resource = loaded["resource"]
	var path: String = loaded["path"]
	var names: PackedStringArray = ResourceDump.stored_names(resource)
	if params.get("properties") is Array and not (params["properties"] as Array).is_empty():
		var wanted: PackedStringArray = PackedStringArray(params["properties"])
		for name: String in wanted:
			if not name in names:
				return _unknown_property("'%s'" % path, name, names)
		names = wanted
	var script: Script = resource.get_script() as Script
	return (
		MCPToolkitSuccess
		. ok(
			{
				"path": path,
				"type": resource.get_class(),
				"script": script.resource_path if script != null else "",
				"class_name": _class_of(resource),
				"properties": ResourceDump.properties(resource, names, path),
			}
		)
	)


static func set_property(params: Dictionary) -> Dictionary:
	var loaded: Dictionary = load_resource(params)
	if loaded.has("error"):
		return loaded["error"]
	var resource: Resource = loaded["resource"]
	var path: String = loaded["path"]
	var requested: Dictionary = PropertyInput.requested(params)
	if requested.is_empty():
		return MCPToolkitError.fail("INVALID_PARAMS", "Pass property and value, or properties (a name -> value map).")
	var coerced: Dictionary = coerce_all(resource, requested)
	if coerced.has("error"):
		return coerced["error"]
	var names: PackedStringArray = PackedStringArray((coerced["values"] as Dictionary).keys())
	var change: Dictionary = await ProjectFiles.apply(
		"Set %s on %s" % [", ".join(names), path],
		PackedStringArray([path]),
		assign_and_save.bind(resource, coerced["values"], path)
	)
	if not change["success"]:
		return change
	var result: Dictionary = {"path": path, "type": resource.get_class(), "undoable": change["undoable"]}
	result["properties"] = ResourceDump.properties(resource, names, path)
	return MCPToolkitSuccess.ok(result)


## {"resource"} of a class name (an engine Resource class or a global script class extending one),
## or {"error"}. Script classes get their script attached, as the editor's own "New Resource" does.
static func instantiate(type: String) -> Dictionary:
	var native: String = ScriptSource.native_base(type) if not type.begins_with("res://") else ""
	if native == "" or not ClassDB.is_parent_class(native, "Resource"):
		return {
			"error":
			MCPToolkitError.fail(
				"NOT_FOUND",
				"'%s' is not a Resource class (engine or global script class)." % type,
				"Use classdb_list_classes with base_class 'Resource' to see the resource classes."
			)
		}
	if not ClassDB.can_instantiate(native):
		return {
			"error": MCPToolkitError.fail("INSTANTIATE_FAILED", "'%s' is abstract; pick a concrete class." % native)
		}
	var resource: Resource = ClassDB.instantiate(native) as Resource
	if native != type:
		resource.set_script(load(ClassCatalog.script_class_path(type)))
	return {"resource": resource}


## INVALID_PARAMS when the engine cannot save this resource under path's extension, else {}.
static func save_target_problem(resource: Resource, path: String) -> Dictionary:
	var extensions: PackedStringArray = ResourceSaver.get_recognized_extensions(resource)
	if path.get_extension() in extensions:
		return {}
	return MCPToolkitError.fail(
		"INVALID_PARAMS",
		"A %s cannot be saved as '%s'." % [resource.get_class(), path.get_file()],
		"Use one of these extensions: %s." % ", ".join(extensions)
	)


## {"resource", "path"} of the resource file params["path"] names (the editor's copy when loaded), or {"error"}.
static func load_resource(params: Dictionary) -> Dictionary:
	var found: Dictionary = ProjectFiles.existing_file(params)
	if found.has("error"):
		return found
	var path: String = found["path"]
	if not ResourceLoader.exists(path):
		return {
			"error": MCPToolkitError.fail("INVALID_PARAMS", "'%s' is not a resource file." % path, "Use file_read.")
		}
	var resource: Resource = ResourceLoader.load(path)
	if resource == null:
		return {"error": MCPToolkitError.fail("LOAD_FAILED", "The engine could not load '%s'." % path)}
	return {"resource": resource, "path": path}


## {"values": name -> engine value} for the requested JSON values, or {"error"} for the first unknown
## name or bad value (nothing is applied then).
static func coerce_all(resource: Resource, requested: Dictionary) -> Dictionary:
	var names: PackedStringArray = ResourceDump.stored_names(resource)
	var values: Dictionary = {}
	for name: String in requested:
		if not name in names:
			var owner: String = (
				"'%s'" % resource.resource_path if resource.resource_path != "" else "A new " + _class_of(resource)
			)
			return {"error": _unknown_property(owner, name, names)}
		var coerced: Dictionary = Coercion.for_property(resource, name, requested[name])
		if not coerced["ok"]:
			return {"error": MCPToolkitError.fail(coerced["code"], coerced["message"], str(coerced.get("hint", "")))}
		values[name] = coerced["value"]
	return {"values": values}


## Sets the values and saves the resource to path (the Callable ProjectFiles.apply runs).
static func assign_and_save(resource: Resource, values: Dictionary, path: String) -> Error:
	for name: String in values:
		resource.set(name, values[name])
	var folder_error: Error = DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	return folder_error if folder_error != OK else ResourceSaver.save(resource, path)


static func _class_of(resource: Resource) -> String:
	var script: Script = resource.get_script() as Script
	var global_name: String = str(script.get_global_name()) if script != null else ""
	return global_name if global_name != "" else resource.get_class()


static func _unknown_property(owner: String, name: String, names: PackedStringArray) -> Dictionary:
	return MCPToolkitError.fail(
		"NOT_FOUND",
		"%s has no stored property '%s'." % [owner, name],
		"Its properties: %s. resource_get shows their values." % ", ".join(names.slice(0, 40))
	)
