@tool
extends RefCounted
## How tools report a node, in the editor and the running game alike (export-clean): a listing row
## (scene trees, find results) and a full description (node.get, runtime.get_node) whose properties
## are rows of name, type and JSON value in inspector order.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/shared/node_filter.gd")
const TypeNames := preload("res://addons/godot_live_mcp/shared/type_names.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const Untrusted := preload("res://addons/godot_live_mcp/security/untrusted.gd")

## The rows of a listing, as commands declare them in "returns" (schema shorthand).
const ROWS := {
	"@": "array: The nodes, in tree order.",
	"path!": "string: Path of the node ('.' is the scene's root).",
	"name!": "string",
	"type!": "string: The node's class.",
	"script": "string: res:// path of its script, '' without one.",
	"groups": "array<string>: The groups it is in (the engine's own '_' groups left out).",
	"depth": "integer: Levels below the node the listing started at.",
	"child_count": "integer",
	"instance": "string: The scene this node instances.",
	"editable_children": "boolean: Whether that scene's children are editable here (editor only).",
}
## A full description, as commands declare it in "returns".
const DESCRIPTION := {
	"node_path!": "string: Path of the node ('.' is the scene's root).",
	"name": "string",
	"type!": "string: The node's class.",
	"script": "string: res:// path of its script, '' without one.",
	"groups": "array<string>: The groups it is in.",
	"children": "array<string>: Names of its children.",
	"instance": "string: The scene this node instances.",
	"properties!":
	{
		"@": "array: Its properties, in inspector order.",
		"name!": "string",
		"type!": "string: The property's type, e.g. 'Vector2', 'Texture2D', 'Array[int]'.",
		"value": "any: The value as JSON (engine types tagged).",
		"omitted": "any: In place of value, when it is too large to include.",
	},
	"unreadable!": {"@": "array: Properties that could not be read, and why.", "name!": "string", "reason": "any"},
}
## The arguments of a description (schema shorthand).
const DESCRIBE_ARGS := {
	"names": "array<string>: Only these properties (default: every inspector property).",
	"changed_only": "boolean=false: Only properties whose value differs from their default.",
}


## node as a listing shows it; path is how the caller's channel names it. With the edited scene's
## root, an instanced scene also says whether its children are editable. Names come from the project:
## those that are not one plain word are wrapped as untrusted content (Untrusted.wrap_name).
static func row(node: Node, path: String, depth: int, edited_root: Node = null) -> Dictionary:
	var listed: Dictionary = {
		"path": _name(path),
		"name": _name(str(node.name)),
		"type": node.get_class(),
		"script": NodeFilter.script_of(node),
		"groups": _names(groups_of(node)),
		"depth": depth,
		"child_count": node.get_child_count(),
	}
	_add_instance(node, listed)
	if edited_root != null and listed.has("instance"):
		listed["editable_children"] = edited_root.is_editable_instance(node)
	return listed


## node with its properties: all inspector ones or those named, optionally only changed ones.
## Strings in values are wrapped as untrusted content from source.
static func describe(
	node: Node, path: String, names: PackedStringArray, changed_only: bool, source: String
) -> Dictionary:
	var children: Array[String] = []
	for child: Node in node.get_children():
		children.append(_name(str(child.name)))
	var data: Dictionary = {
		"node_path": _name(path),
		"name": _name(str(node.name)),
		"type": node.get_class(),
		"script": NodeFilter.script_of(node),
		"groups": _names(groups_of(node)),
		"children": children,
	}
	_add_instance(node, data)
	var properties: Array[Dictionary] = []
	var unreadable: Array[Dictionary] = []
	for info: Dictionary in _chosen(node, names, unreadable):
		if not (changed_only and PropertyOutput.is_default(node, str(info["name"]))):
			_add_read(node, info, source, properties, unreadable)
	data.merge({"properties": properties, "unreadable": unreadable})
	return data


## name -> JSON value of each property named (a value too large or unreadable gives its reason), as
## set-style tools answer before and after a change.
static func values(node: Node, names: PackedStringArray, source: String) -> Dictionary:
	var found: Dictionary = {}
	for name: String in names:
		var info: Result = PropertyOutput.find(node, name)
		var read: Dictionary = PropertyOutput.read(node, info.value, source) if info.succeeded() else {}
		found[name] = read.get("value", read.get("omitted", read.get("unreadable")))
	return found


## The groups a caller put node in (the engine's own "_" groups left out).
static func groups_of(node: Node) -> Array[String]:
	var names: Array[String] = []
	for group: StringName in node.get_groups():
		if not str(group).begins_with("_"):
			names.append(str(group))
	return names


## An instanced scene below the scene's root names the scene it instances.
static func _add_instance(node: Node, data: Dictionary) -> void:
	if node.owner != null and node.scene_file_path != "":
		data["instance"] = node.scene_file_path


## The property-list entries to read: every inspector property, or the ones named (unknown names
## go to unreadable).
static func _chosen(node: Node, names: PackedStringArray, unreadable: Array[Dictionary]) -> Array[Dictionary]:
	if names.is_empty():
		return PropertyOutput.listed(node)
	var chosen: Array[Dictionary] = []
	for name: String in names:
		var info: Result = PropertyOutput.find(node, name)
		if info.succeeded():
			chosen.append(info.value)
		else:
			unreadable.append({"name": name, "reason": "no such property"})
	return chosen


static func _add_read(
	node: Node, info: Dictionary, source: String, properties: Array[Dictionary], unreadable: Array[Dictionary]
) -> void:
	var read: Dictionary = PropertyOutput.read(node, info, source)
	if read.has("unreadable"):
		unreadable.append({"name": str(info["name"]), "reason": read["unreadable"]})
		return
	var property: Dictionary = {"name": str(info["name"]), "type": TypeNames.of(info)}
	property.merge(read)
	properties.append(property)


static func _name(text: String) -> String:
	return Untrusted.wrap_name("node name", "the scene", text)


static func _names(texts: Array[String]) -> Array[String]:
	var wrapped: Array[String] = []
	for text: String in texts:
		wrapped.append(_name(text))
	return wrapped
