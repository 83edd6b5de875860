@tool
extends RefCounted
## How tools report a node, in the editor and the running game alike (export-clean): a listing row
## (scene trees, find results; NodeListing pages them by detail level) and a description (node.get,
## runtime.get_node) whose properties are rows of name, type and JSON value in inspector order.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Detail := preload("res://addons/godot_live_mcp/shared/detail.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/shared/node_filter.gd")
const TypeNames := preload("res://addons/godot_live_mcp/shared/type_names.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")

## The rows of a listing, as commands declare them in "returns" (schema shorthand). detail normal
## gives path, type and the fields that are set; full gives every field.
const ROWS := {
	"@": "array: detail normal and full: the nodes, in tree order.",
	"path!": "string: Path of the node ('.' is the scene's root).",
	"type!": "string: The node's class.",
	"name": "string: full only (the path ends with it).",
	"script": "string: res:// path of its script (normal: left out without one).",
	"groups": "array<string>: The groups it is in, the engine's own '_' groups left out (normal: left out when none).",
	"depth": "integer: full only: levels below the node the listing started at.",
	"child_count": "integer: How many children it has (normal: left out when none).",
	"instance": "string: The scene this node instances.",
	"editable_children": "boolean: Whether that scene's children are editable here (editor only; normal: when true).",
}
## The fields a normal row keeps even when empty.
const LEAN_KEEPS := ["path", "type"]
const LEAN_WHEN_SET := ["script", "instance", "editable_children"]
## A description, as commands declare it in "returns".
const DESCRIPTION := {
	"node_path!": "string: Path of the node ('.' is the scene's root).",
	"name": "string",
	"type!": "string: The node's class.",
	"script": "string: res:// path of its script, '' without one.",
	"groups": "array<string>: The groups it is in.",
	"children": "array<string>: Names of its children.",
	"instance": "string: The scene this node instances.",
	"properties":
	{
		"@": "array: Its properties, in inspector order (none at detail brief unless named).",
		"name!": "string",
		"type!": "string: The property's type, e.g. 'Vector2', 'Texture2D', 'Array[int]'.",
		"value": "any: The value as JSON (engine types tagged).",
		"omitted": "any: In place of value, when it is too large to include.",
	},
	"unreadable!": {"@": "array: Properties that could not be read, and why.", "name!": "string", "reason": "any"},
	"has_more": "boolean: More properties remain (the page was cut at the detail level's size cap).",
	"total_properties": "integer",
	"returned": "integer",
	"next_offset": "integer: The offset of the next page of properties.",
	"hint": "string",
}
## The arguments of a description (schema shorthand).
const DESCRIBE_ARGS := {
	"names": "array<string>: Only these properties, at any detail level.",
	"detail":
	(
		Detail.ARG
		% (
			"brief: identity and children, ~200 chars; normal: + changed properties, ~400; full: + all"
			+ " properties, ~3000"
		)
	),
	"offset": "integer[0..]=0: Index of the first property to return (when a page was cut).",
}


## node as a listing shows it; path is how the caller's channel names it. With the edited scene's
## root, an instanced scene also says whether its children are editable. Names come from the project
## and are scrubbed of secrets.
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


## row as a normal listing gives it: path and type, and script, instance and editable children only
## when set. Name and depth are in the path; children follow in tree order; groups are in full rows
## (and filters find them): leaving them out halves a row.
static func lean(row: Dictionary) -> Dictionary:
	var kept: Dictionary = {}
	for key: String in row:
		if key in LEAN_KEEPS or (key in LEAN_WHEN_SET and not _is_empty(row[key])):
			kept[key] = row[key]
	return kept


## node with its properties at params.detail (brief none, normal those changed from their default,
## full every inspector one) or those params.names, from params.offset, cut to the level's cap.
## Unreadable properties are always all listed.
static func describe(node: Node, path: String, params: CommandParams) -> Dictionary:
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
	var level: String = params.text("detail")
	var names: PackedStringArray = params.strings("names")
	var unreadable: Array[Dictionary] = []
	data["unreadable"] = unreadable
	if level == "brief" and names.is_empty():
		return data
	var properties: Array[Dictionary] = []
	for info: Dictionary in _chosen(node, names, unreadable):
		if not names.is_empty() or level == "full" or not PropertyOutput.is_default(node, str(info["name"])):
			_add_read(node, info, properties, unreadable)
	var offset: int = params.integer("offset")
	data.merge(Pagination.list_page(properties, offset, properties.size(), "properties", "properties"))
	var narrower: String = "name the properties wanted (names)"
	return Detail.fit(data, "properties", clampi(offset, 0, properties.size()), level, narrower)


## name -> JSON value of each property named (a value too large or unreadable gives its reason), as
## set-style tools answer before and after a change.
static func values(node: Node, names: PackedStringArray) -> Dictionary:
	var found: Dictionary = {}
	for name: String in names:
		var info: Result = PropertyOutput.find(node, name)
		var read: Dictionary = PropertyOutput.read(node, info.value) if info.succeeded() else {}
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
	node: Node, info: Dictionary, properties: Array[Dictionary], unreadable: Array[Dictionary]
) -> void:
	var read: Dictionary = PropertyOutput.read(node, info)
	if read.has("unreadable"):
		unreadable.append({"name": str(info["name"]), "reason": read["unreadable"]})
		return
	var property: Dictionary = {"name": str(info["name"]), "type": TypeNames.of(info)}
	property.merge(read)
	properties.append(property)


static func _is_empty(value: Variant) -> bool:
	match typeof(value):
		TYPE_STRING:
			return (value as String).is_empty()
		TYPE_ARRAY:
			return (value as Array).is_empty()
		TYPE_INT:
			return int(value) == 0
		TYPE_BOOL:
			return not bool(value)
	return false


## A node name or path from the project, scrubbed of secrets.
static func scrubbed(text: String) -> String:
	return _name(text)


static func _name(text: String) -> String:
	return Scrubber.scrub(text)


static func _names(texts: Array[String]) -> Array[String]:
	var wrapped: Array[String] = []
	for text: String in texts:
		wrapped.append(_name(text))
	return wrapped
