@tool
extends RefCounted
## classdb.* commands: what the engine's classes offer (methods, properties, signals).

const S := preload("res://addons/godot_mcp/contract/json_schema.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"classdb.get_class",
			get_class_info,
			(
				MCPToolkitCommandOptions
				. new()
				. with_description(
					(
						"Describe an engine class: its inheritance chain, methods, properties and signals"
						+ " (own members only unless include_inherited)."
					)
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"class_name": S.string("An engine class, e.g. 'CharacterBody2D'."),
								"include_inherited": S.boolean("Also list members inherited from base classes.", false),
							},
							["class_name"]
						)
					)
				)
				. with_output_schema(_class_schema())
				. mark_read_only()
				. mark_idempotent()
				. mark_scene_independent()
			)
		)
	)


static func get_class_info(params: Dictionary) -> Dictionary:
	var missing: Variant = MCPToolkitError.require(params, ["class_name"])
	if missing != null:
		return missing
	var name: StringName = StringName(str(params["class_name"]))
	if not ClassDB.class_exists(name):
		return MCPToolkitError.fail(
			"NOT_FOUND", "The engine has no class named '%s'." % name, MCPToolkitError.hint_for_param("class_name")
		)
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
			args.append({"name": str(arg["name"]), "type": _type_name(arg)})
		found.append({"name": method_name, "args": args, "returns": _type_name(method["return"])})
	return found


static func _properties(name: StringName, own_only: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for property: Dictionary in ClassDB.class_get_property_list(name, own_only):
		if int(property["usage"]) & (PROPERTY_USAGE_EDITOR | PROPERTY_USAGE_STORAGE) == 0:
			continue
		found.append({"name": str(property["name"]), "type": _type_name(property)})
	return found


static func _signals(name: StringName, own_only: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for signal_info: Dictionary in ClassDB.class_get_signal_list(name, own_only):
		var args: Array[String] = []
		for arg: Dictionary in signal_info["args"]:
			args.append("%s: %s" % [arg["name"], _type_name(arg)])
		found.append({"name": str(signal_info["name"]), "args": args})
	return found


## "Vector2", "Node" (for objects with a class), or "Variant".
static func _type_name(info: Dictionary) -> String:
	var type: int = int(info.get("type", TYPE_NIL))
	var hinted_class: String = str(info.get("class_name", ""))
	if type == TYPE_OBJECT and hinted_class != "":
		return hinted_class
	if type == TYPE_NIL:
		return "void" if int(info.get("usage", 0)) & PROPERTY_USAGE_NIL_IS_VARIANT == 0 else "Variant"
	return type_string(type)


static func _class_schema() -> Dictionary:
	var method: Dictionary = (
		S
		. object(
			{
				"name": S.string(),
				"args": S.array(S.object({"name": S.string(), "type": S.string()}, [], true)),
				"returns": S.string(),
			},
			["name"],
			true
		)
	)
	return (
		S
		. object(
			{
				"class_name": S.string(),
				"inherits": S.array(S.string(), "Base classes, nearest first."),
				"can_instantiate": S.boolean(),
				"methods": S.array(method),
				"properties": S.array(S.object({"name": S.string(), "type": S.string()}, [], true)),
				"signals": S.array(S.object({"name": S.string(), "args": S.array(S.string())}, [], true)),
			},
			["class_name", "inherits", "methods", "properties", "signals"],
			true
		)
	)
