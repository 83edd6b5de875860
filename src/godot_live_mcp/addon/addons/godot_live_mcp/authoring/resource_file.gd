@tool
extends RefCounted
## A resource file as the resource-editing tools handle it: loaded (the editor's copy when it has
## one), checked against the saver's extensions, its stored values coerced from JSON, and saved
## undoably in the global history.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const PropertyBounds := preload("res://addons/godot_live_mcp/contract/property_bounds.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ResourceDump := preload("res://addons/godot_live_mcp/authoring/resource_dump.gd")


## INVALID_PARAMS when the engine cannot save this resource under path's extension.
static func savable_as(resource: Resource, path: String) -> Result:
	var extensions: PackedStringArray = ResourceSaver.get_recognized_extensions(resource)
	if path.get_extension() in extensions:
		return Result.of()
	return Result.fail(
		"INVALID_PARAMS",
		"A %s cannot be saved as '%s'." % [resource.get_class(), path.get_file()],
		"Use one of these extensions: %s." % ", ".join(extensions)
	)


## name -> engine value for the requested JSON values, or the failure of the first unknown name or
## bad value (nothing is applied then).
static func coerce_all(resource: Resource, requested: Dictionary) -> Result:
	var names: PackedStringArray = ResourceDump.stored_names(resource)
	var values: Dictionary = {}
	for name: String in requested:
		if not name in names:
			var owner: String = (
				"'%s'" % resource.resource_path if resource.resource_path != "" else "A new " + class_of(resource)
			)
			return unknown_property(owner, name, names)
		var coerced: Result = Coercion.property_from_json(resource, name, requested[name])
		if coerced.failed():
			return coerced
		values[name] = coerced.value
	var sized: Result = PropertyBounds.check_product(resource, values)
	return sized if sized.failed() else Result.of(values)


## Sets values on resource and saves it to path, undoable (ProjectFiles.apply); the value is
## whether editor_undo can revert it.
static func save(what: String, resource: Resource, values: Dictionary, path: String) -> Result:
	return await ProjectFiles.apply(what, PackedStringArray([path]), _assign_and_save.bind(resource, values, path))


## Its script's global class name, else its engine class.
static func class_of(resource: Resource) -> String:
	var script: Script = resource.get_script() as Script
	var global_name: String = str(script.get_global_name()) if script != null else ""
	return global_name if global_name != "" else resource.get_class()


## NOT_FOUND for a property owner does not store, listing the ones it does.
static func unknown_property(owner: String, name: String, names: PackedStringArray) -> Result:
	return Result.fail(
		"NOT_FOUND",
		"%s has no stored property '%s'." % [owner, name],
		(
			"%sIts properties: %s. resource_get shows their values."
			% [NameSuggestions.did_you_mean(name, Array(names)), ", ".join(names.slice(0, 40))]
		)
	)


static func _assign_and_save(resource: Resource, values: Dictionary, path: String) -> Error:
	for name: String in values:
		resource.set(name, values[name])
	var folder_error: Error = DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	return folder_error if folder_error != OK else ResourceSaver.save(resource, path)
