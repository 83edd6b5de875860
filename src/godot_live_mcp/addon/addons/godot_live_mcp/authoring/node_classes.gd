@tool
extends RefCounted
## The classes a node can be made from: instantiable engine classes that extend Node, and scripts
## with a class_name whose engine base extends Node.

const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")


## name when it names a class a node can be made of; otherwise NOT_FOUND or INVALID_PARAMS
## naming param.
static func require(name: String, param: String = "class_name") -> Result:
	if name.strip_edges() == "":
		return Result.fail("INVALID_PARAMS", "%s is empty." % param, MCPToolkitError.hint_for_param("class_name"))
	if ClassDB.class_exists(name):
		return _engine_class(name, param)
	var script: Script = _script_class(name)
	if script == null:
		return Result.fail(
			"NOT_FOUND",
			"%s '%s' is neither an engine class nor a script class_name in this project." % [param, name],
			NameSuggestions.did_you_mean(name, Array(_node_classes())) + MCPToolkitError.hint_for_param("class_name")
		)
	if script.is_abstract() or str(script.get_instance_base_type()) == "":
		return Result.fail(
			"INSTANTIATE_FAILED",
			(
				"The script class '%s' (%s) cannot make a node: it is abstract or has errors."
				% [name, script.resource_path]
			),
			"script_check shows its errors."
		)
	var base: Result = _engine_class(str(script.get_instance_base_type()), param)
	return Result.of(name) if base.succeeded() else base


## A new node of a class require() accepted.
static func instantiate(name: String) -> Node:
	if ClassDB.class_exists(name):
		return ClassDB.instantiate(name) as Node
	var script: Script = _script_class(name)
	var node: Node = ClassDB.instantiate(script.get_instance_base_type()) as Node
	node.set_script(script)
	return node


static func _engine_class(name: String, param: String) -> Result:
	if not ClassDB.is_parent_class(name, "Node"):
		return Result.fail(
			"INVALID_PARAMS",
			"%s '%s' is not a node class (it does not extend Node)." % [param, name],
			"classdb_list_classes with base 'Node' lists the node classes."
		)
	if not ClassDB.can_instantiate(name):
		return Result.fail(
			"INVALID_PARAMS",
			"%s '%s' is abstract; pick one of its subclasses." % [param, name],
			"classdb_list_classes with base '%s' lists them." % name
		)
	return Result.of(name)


## The names a node class can have: engine classes and project class_names that extend Node.
static func _node_classes() -> PackedStringArray:
	var names: PackedStringArray = PackedStringArray()
	for name: String in ClassCatalog.names():
		if ClassCatalog.inherits(name, "Node"):
			names.append(name)
	return names


static func _script_class(name: String) -> Script:
	var path: String = ClassCatalog.script_class_path(name)
	return ResourceLoader.load(path) as Script if path != "" else null
