@tool
extends RefCounted
## The resource tags: Resource (a file by its res:// path), ResourceRef (any resource by the path the engine
## gives it, sub-resources included: "res://level.tscn::RectangleShape2D_x1y2z") and NewResource (a new
## instance of a class; its properties are applied by property_coercion.gd). Export-clean.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Components := preload("res://addons/godot_live_mcp/contract/coercion_components.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")

const RESOURCE := "Resource"
const RESOURCE_REF := "ResourceRef"
const NEW_RESOURCE := "NewResource"
const SUB_RESOURCE_MARK := "::"
const SUGGESTIONS := 5
const SUB_RESOURCE_HINT := "node_list_properties shows the property holding it; its ResourceRef names it exactly."


static func handles(tag: String) -> bool:
	return tag == RESOURCE or tag == RESOURCE_REF or tag == NEW_RESOURCE


## Resource or ResourceRef: the resource at "path", checked against "class" (required by ResourceRef).
static func find(tag: String, data: Dictionary) -> Result:
	var stray: String = Components.unexpected_key(data, ["path", "class"])
	var path: Variant = data.get("path", "")
	var wanted: Variant = data.get("class", "")
	var problem: String = ""
	if stray != "":
		problem = "unexpected field '%s'" % stray
	elif not path is String or (path as String).is_empty():
		problem = "'path' must be a res:// path, got %s" % Components.describe(path)
	elif not wanted is String or (tag == RESOURCE_REF and (wanted as String).is_empty()):
		problem = "'class' must name the resource's class, got %s" % Components.describe(wanted)
	if problem != "":
		var shape: String = '{"type": "%s", "path": "res://…", "class": "…"}' % tag
		return Result.fail("INVALID_PARAMS", "%s: %s; write it as %s." % [tag, problem, shape], Components.SHAPES_HINT)
	var found: Result = load_path(path)
	return check_class(found.value, wanted) if found.succeeded() else found


## The resource at a res:// or uid:// path, or at "<file>::<sub-resource id>" (from the cache when the engine
## already holds it, so a scene open in the editor gives its live sub-resource).
static func load_path(raw: String) -> Result:
	var file: String = raw.get_slice(SUB_RESOURCE_MARK, 0)
	if file.begins_with("uid://"):
		file = ResourceUID.uid_to_path(file) if ResourceUID.has_id(ResourceUID.text_to_id(file)) else ""
		if file == "":
			return Result.fail(
				"NOT_FOUND", "No resource has the uid in '%s'." % raw, MCPToolkitError.hint_for_param("path")
			)
	var guarded: Result = PathGuard.project_path(file)
	if guarded.failed():
		return guarded
	file = guarded.value
	var sub_id: String = raw.substr(raw.get_slice(SUB_RESOURCE_MARK, 0).length())
	if ResourceLoader.has_cached(file + sub_id):
		return Result.of(ResourceLoader.get_cached_ref(file + sub_id))
	if not ResourceLoader.exists(file):
		return Result.fail("NOT_FOUND", "No resource file at '%s'." % file, MCPToolkitError.hint_for_param("path"))
	return _load_file(file, sub_id)


## The resource when it is of class wanted (or wanted is ""), else TYPE_MISMATCH.
static func check_class(resource: Resource, wanted: String) -> Result:
	if wanted == "" or fits_class(resource, wanted):
		return Result.of(resource)
	var message: String = "'%s' is a %s, not a %s." % [resource.resource_path, class_of(resource), wanted]
	return Result.fail("TYPE_MISMATCH", message)


## A new, empty instance of a concrete Resource class (built-in or a script's class_name).
static func instantiate(name: Variant) -> Result:
	if not name is String or (name as String).is_empty():
		var message: String = (
			"NewResource needs 'class', the resource class to build; got %s." % Components.describe(name)
		)
		return Result.fail("INVALID_PARAMS", message, Components.SHAPES_HINT)
	var script: Script = null if ClassDB.class_exists(name) else script_class(name)
	var native: String = str(script.get_instance_base_type()) if script != null else str(name)
	if script == null and not ClassDB.class_exists(native):
		var unknown: String = "NewResource: there is no class '%s'." % name
		return Result.fail("NOT_FOUND", unknown, MCPToolkitError.hint_for_param("class_name"))
	if not ClassDB.is_parent_class(native, "Resource"):
		var kind: String = "a Node" if ClassDB.is_parent_class(native, "Node") else "not a Resource"
		var message: String = "NewResource only builds resources; '%s' is %s." % [name, kind]
		return Result.fail("INVALID_PARAMS", message, MCPToolkitError.hint_for_param("class_name"))
	if ClassDB.is_parent_class(native, "Script"):
		# A script built from a property value would be code the caller writes: that is what
		# script_write and execute_code are for, with their own guards.
		var code: String = "NewResource does not build scripts; write one with script_create or script_write."
		return Result.fail("INVALID_PARAMS", code, MCPToolkitError.hint_for_param("class_name"))
	if not _can_build(native, script):
		var abstract: String = "NewResource: '%s' is abstract; build a concrete class such as %s."
		return Result.fail("INVALID_PARAMS", abstract % [name, _concrete_examples(native)])
	var made: Object = ClassDB.instantiate(native)
	if script != null:
		made.set_script(script)
	return Result.of(made)


## True when object is of class wanted: a built-in class or a script's class_name, inheritance included.
static func fits_class(object: Object, wanted: String) -> bool:
	if ClassDB.class_exists(wanted):
		return object.is_class(wanted)
	var script: Script = object.get_script() as Script
	while script != null:
		if str(script.get_global_name()) == wanted:
			return true
		script = script.get_base_script()
	return false


## The native class behind a class name (a script's class_name included); "" when unknown.
static func native_class(name: String) -> String:
	if ClassDB.class_exists(name):
		return name
	var script: Script = script_class(name)
	return str(script.get_instance_base_type()) if script != null else ""


## The script of a global class_name, or null.
static func script_class(name: String) -> Script:
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if str(entry["class"]) == name:
			return ResourceLoader.load(str(entry["path"])) as Script
	return null


## The class to name for an object: its script's class_name, else its built-in class.
static func class_of(object: Object) -> String:
	var script: Script = object.get_script() as Script
	if script != null and str(script.get_global_name()) != "":
		return str(script.get_global_name())
	return object.get_class()


## The Resource or ResourceRef JSON of a resource that has a path; {} for one that has none.
static func reference_json(resource: Resource) -> Dictionary:
	var path: String = resource.resource_path
	if path == "":
		return {}
	var tag: String = RESOURCE_REF if path.contains(SUB_RESOURCE_MARK) else RESOURCE
	return {"type": tag, "path": path, "class": class_of(resource)}


## The stored properties of a resource that differ from a new instance of its class, as
## [{"name", "value", "hint", "hint_string"}], in property-list order.
static func stored_changes(resource: Resource) -> Array[Dictionary]:
	var fresh: Resource = _fresh_like(resource)
	var changes: Array[Dictionary] = []
	for info: Dictionary in resource.get_property_list():
		if int(info["usage"]) & PROPERTY_USAGE_STORAGE == 0:
			continue
		var name: String = info["name"]
		var value: Variant = resource.get(name)
		if fresh != null and _same(value, fresh.get(name)):
			continue
		changes.append(
			{"name": name, "value": value, "hint": int(info["hint"]), "hint_string": str(info["hint_string"])}
		)
	return changes


static func _load_file(file: String, sub_id: String) -> Result:
	# Holding the file keeps its sub-resources in the cache while we look one up.
	var loaded: Resource = ResourceLoader.load(file)
	if loaded == null:
		return Result.fail("NOT_FOUND", "'%s' could not be loaded." % file, MCPToolkitError.hint_for_param("path"))
	if sub_id == "":
		return Result.of(loaded)
	if not ResourceLoader.has_cached(file + sub_id):
		var missing: String = "'%s' has no sub-resource '%s'." % [file, sub_id.trim_prefix(SUB_RESOURCE_MARK)]
		return Result.fail("NOT_FOUND", missing, SUB_RESOURCE_HINT)
	return Result.of(ResourceLoader.get_cached_ref(file + sub_id))


static func _can_build(native: String, script: Script) -> bool:
	if not ClassDB.can_instantiate(native) or not ClassDB.is_class_enabled(native):
		return false
	if script != null:
		return not script.is_abstract()
	return not _declares_required_virtuals(native)


## A built-in class that declares methods a script must implement (Texture2D's _get_width, Material's
## _get_shader_rid) is an interface: instantiable, but useless without such a script.
static func _declares_required_virtuals(native: String) -> bool:
	for method: Dictionary in ClassDB.class_get_method_list(native, true):
		if int(method.get("flags", 0)) & METHOD_FLAG_VIRTUAL_REQUIRED != 0:
			return true
	return false


static func _concrete_examples(native: String) -> String:
	var names: PackedStringArray = []
	for candidate: String in ClassDB.get_inheriters_from_class(native):
		if _can_build(candidate, null):
			names.append(candidate)
	names.sort()
	return ", ".join(names.slice(0, SUGGESTIONS)) if not names.is_empty() else "one of its subclasses"


## A new instance to compare against: the same built-in class and, when it names the class, the same script.
static func _fresh_like(resource: Resource) -> Resource:
	if not ClassDB.can_instantiate(resource.get_class()):
		return null
	var fresh: Resource = ClassDB.instantiate(resource.get_class())
	var script: Script = resource.get_script() as Script
	if script != null and str(script.get_global_name()) != "":
		fresh.set_script(script)
	return fresh


static func _same(first: Variant, second: Variant) -> bool:
	return typeof(first) == typeof(second) and first == second
