@tool
extends RefCounted
## The classes a node can be made from: instantiable engine classes that extend Node, and scripts
## with a class_name whose engine base extends Node.

const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")


## {} when name can make a node; otherwise NOT_FOUND or INVALID_PARAMS naming param.
static func check(name: String, param: String = "class_name") -> Dictionary:
	if name.strip_edges() == "":
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "%s is empty." % param, MCPToolkitError.hint_for_param("class_name")
		)
	if ClassDB.class_exists(name):
		return _engine_class_problem(name, param)
	var script: Script = _script_class(name)
	if script == null:
		return MCPToolkitError.fail(
			"NOT_FOUND",
			"%s '%s' is neither an engine class nor a script class_name in this project." % [param, name],
			MCPToolkitError.hint_for_param("class_name")
		)
	if script.is_abstract() or str(script.get_instance_base_type()) == "":
		return MCPToolkitError.fail(
			"INSTANTIATE_FAILED",
			(
				"The script class '%s' (%s) cannot make a node: it is abstract or has errors."
				% [name, script.resource_path]
			),
			"script_check shows its errors."
		)
	return _engine_class_problem(str(script.get_instance_base_type()), param)


## A new node of a class check() accepted.
static func instantiate(name: String) -> Node:
	if ClassDB.class_exists(name):
		return ClassDB.instantiate(name) as Node
	var script: Script = _script_class(name)
	var node: Node = ClassDB.instantiate(script.get_instance_base_type()) as Node
	node.set_script(script)
	return node


static func _engine_class_problem(name: String, param: String) -> Dictionary:
	if not ClassDB.is_parent_class(name, "Node"):
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"%s '%s' is not a node class (it does not extend Node)." % [param, name],
			"classdb_list_classes with base 'Node' lists the node classes."
		)
	if not ClassDB.can_instantiate(name):
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"%s '%s' is abstract; pick one of its subclasses." % [param, name],
			"classdb_list_classes with base '%s' lists them." % name
		)
	return {}


static func _script_class(name: String) -> Script:
	var path: String = ClassCatalog.script_class_path(name)
	return ResourceLoader.load(path) as Script if path != "" else null


## name when it names a class a node can be made of, else the refusal (param words it).
static func require(name: String, param: String = "class_name") -> Result:
	var refused: Dictionary = check(name, param)
	return Result.of(name) if refused.is_empty() else Result.from_envelope(refused)
