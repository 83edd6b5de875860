@tool
extends RefCounted
## classdb.* commands: the classes the engine (and the project's class_name scripts) offer, and
## their members.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const TypeNames := preload("res://addons/godot_live_mcp/authoring/type_names.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const ClassdbSchemas := preload("res://addons/godot_live_mcp/commands/classdb_schemas.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("classdb.get_class", get_class_info, ClassdbSchemas.get_class_options())
	registry.add("classdb.list_classes", list_classes, ClassdbSchemas.list_classes_options())
	registry.add("classdb.get_method", get_method, ClassdbSchemas.get_method_options())


static func get_class_info(params: Dictionary) -> Dictionary:
	var missing: Variant = MCPToolkitError.require(params, ["class_name"])
	if missing != null:
		return missing
	var name: StringName = StringName(str(params["class_name"]))
	if not ClassDB.class_exists(name):
		return _unknown_class(str(name))
	var own_only: bool = not bool(params.get("include_inherited", false))
	return (
		MCPToolkitSuccess
		. ok(
			{
				"class_name": str(name),
				"inherits": _ancestors(name),
				"can_instantiate": ClassDB.can_instantiate(name),
				"methods": _methods(name, own_only),
				"properties": _properties(name, own_only),
				"signals": _signals(name, own_only),
			}
		)
	)


static func list_classes(params: Dictionary) -> Dictionary:
	var base: String = str(params.get("base", ""))
	if base != "" and not ClassCatalog.exists(base):
		return _unknown_class(base)
	var filter: String = str(params.get("filter", "")).to_lower()
	var editor_too: bool = bool(params.get("include_editor_classes", false))
	var instantiable_only: bool = bool(params.get("instantiable_only", false))
	var kept: Array[Dictionary] = []
	for entry: Dictionary in ClassCatalog.all_classes():
		if (entry["editor_only"] and not editor_too) or (instantiable_only and not entry["can_instantiate"]):
			continue
		if filter != "" and not _name_matches(str(entry["name"]).to_lower(), filter):
			continue
		if base == "" or ClassCatalog.inherits(entry["name"], base):
			kept.append(entry)
	var offset: int = int(params.get("offset", 0))
	var limit: int = int(params.get("limit", ClassdbSchemas.DEFAULT_LIMIT))
	return MCPToolkitSuccess.ok(Pagination.list_page(kept, offset, limit, "classes", "classes"))


static func get_method(params: Dictionary) -> Dictionary:
	var name: String = str(params.get("class_name", ""))
	var method: String = str(params.get("method", ""))
	if not ClassCatalog.exists(name):
		return _unknown_class(name)
	var listed: Array[Dictionary] = _method_list(name)
	for info: Dictionary in listed:
		if str(info["name"]) == method:
			return MCPToolkitSuccess.ok(_describe_method(name, info))
	var names: Array[String] = []
	for info: Dictionary in listed:
		names.append(str(info["name"]))
	names.sort_custom(func(a: String, b: String) -> bool: return a.similarity(method) > b.similarity(method))
	return MCPToolkitError.fail(
		"NOT_FOUND",
		"%s has no method '%s'." % [name, method],
		"Closest: %s. classdb_get_class lists every method." % ", ".join(names.slice(0, 5))
	)


## Script classes: the script's own methods, then its engine base class's.
static func _method_list(name: String) -> Array[Dictionary]:
	var listed: Array[Dictionary] = []
	var path: String = ClassCatalog.script_class_path(name)
	if path == "":
		listed.assign(ClassDB.class_get_method_list(name, false))
		return listed
	var script: Script = load(path) as Script
	if script != null:
		listed.assign(script.get_script_method_list())
		listed.append_array(ClassDB.class_get_method_list(script.get_instance_base_type(), false))
	return listed


static func _describe_method(name: String, info: Dictionary) -> Dictionary:
	var args: Array = info.get("args", [])
	var defaults: Array = info.get("default_args", [])
	var described: Array[Dictionary] = []
	for i: int in args.size():
		var arg: Dictionary = {"name": str(args[i]["name"]), "type": TypeNames.of(args[i])}
		var default_index: int = i - (args.size() - defaults.size())
		if default_index >= 0:
			arg["default"] = var_to_str(defaults[default_index])
		described.append(arg)
	var flags: int = int(info.get("flags", METHOD_FLAG_NORMAL))
	return {
		"class_name": name,
		"method": str(info["name"]),
		"defined_in": _owner_of(name, str(info["name"])),
		"args": described,
		"returns": TypeNames.of(info.get("return", {})),
		"is_static": flags & METHOD_FLAG_STATIC != 0,
		"is_vararg": flags & METHOD_FLAG_VARARG != 0,
		"is_virtual": flags & METHOD_FLAG_VIRTUAL != 0,
		"is_const": flags & METHOD_FLAG_CONST != 0,
	}


## The class in name's chain that declares method (the script itself for script methods).
static func _owner_of(name: String, method: String) -> String:
	var current: StringName = StringName(name)
	if not ClassDB.class_exists(current):
		return name
	while current != &"" and not ClassDB.class_has_method(current, method, true):
		current = ClassDB.get_parent_class(current)
	return str(current) if current != &"" else name


static func _name_matches(lower_name: String, filter: String) -> bool:
	if filter.contains("*") or filter.contains("?"):
		return lower_name.match(filter)
	return lower_name.contains(filter)


static func _unknown_class(name: String) -> Dictionary:
	return MCPToolkitError.fail(
		"NOT_FOUND",
		"No engine class or project class_name is called '%s'." % name,
		MCPToolkitError.hint_for_param("class_name")
	)


static func _ancestors(name: StringName) -> Array[String]:
	var chain: Array[String] = []
	var parent: StringName = ClassDB.get_parent_class(name)
	while parent != &"":
		chain.append(str(parent))
		parent = ClassDB.get_parent_class(parent)
	return chain


static func _methods(name: StringName, own_only: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for method: Dictionary in ClassDB.class_get_method_list(name, own_only):
		var method_name: String = method["name"]
		if method_name.begins_with("_"):
			continue
		var args: Array[Dictionary] = []
		for arg: Dictionary in method["args"]:
			args.append({"name": str(arg["name"]), "type": TypeNames.of(arg)})
		found.append({"name": method_name, "args": args, "returns": TypeNames.of(method["return"])})
	return found


static func _properties(name: StringName, own_only: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for property: Dictionary in ClassDB.class_get_property_list(name, own_only):
		if int(property["usage"]) & (PROPERTY_USAGE_EDITOR | PROPERTY_USAGE_STORAGE) == 0:
			continue
		found.append({"name": str(property["name"]), "type": TypeNames.of(property)})
	return found


static func _signals(name: StringName, own_only: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for signal_info: Dictionary in ClassDB.class_get_signal_list(name, own_only):
		found.append({"name": str(signal_info["name"]), "args": TypeNames.arguments(signal_info["args"])})
	return found
