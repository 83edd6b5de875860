@tool
extends RefCounted
## node.get, node.set_property, node.list_properties: reading and writing a node's properties, with
## values crossing as JSON through the shared coercion table. A property that cannot be read is
## reported beside the others, never failing the read.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const NodeCommands := preload("res://addons/godot_live_mcp/commands/node_commands.gd")
const NodeGroupCommands := preload("res://addons/godot_live_mcp/commands/node_group_commands.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/authoring/node_filter.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")

const DEFAULT_LIMIT := 100


static func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"node.get",
			get_node_info,
			(
				NodeCommands
				. options(
					(
						"Read a node: class, script, groups, children and its inspector properties with types and"
						+ " JSON values (all, the ones named, or only those changed from their defaults)."
					),
					{
						"node_path": S.node_path(),
						"names": S.array(S.string(), "Only these properties."),
						"changed_only": S.boolean("Only properties whose value differs from the default.", false),
						"scene": S.scene(),
					},
					["node_path"]
				)
				. with_output_schema(_get_schema())
				. mark_read_only()
				. mark_idempotent()
			)
		)
	)
	(
		registry
		. add(
			"node.set_property",
			set_property,
			(
				NodeCommands
				. options(
					(
						"Set one property (property + value) or several (properties: {name: value}) on a node as one"
						+ " undo step. Values are JSON; vectors, colors and resources use tagged objects such as"
						+ ' {"type": "Vector2", "x": 1, "y": 2}.'
					),
					{
						"node_path": S.node_path(),
						"properties": S.object({}, [], true),
						"property": S.string("One property to set (with value)."),
						"value": S.any("The value for property."),
						"scene": S.scene(),
					},
					["node_path"]
				)
				. with_output_schema(_set_schema())
				. mark_idempotent()
			)
		)
	)
	(
		registry
		. add(
			"node.list_properties",
			list_properties,
			(
				NodeCommands
				. options(
					"List a node's inspector properties: name, type, hint, usage, default and current value; paginated.",
					{
						"node_path": S.node_path(),
						"filter": S.string("Keep properties whose name contains this text."),
						"offset": S.integer("Index of the first property to return.", 0, 0),
						"limit": S.integer("How many properties to return at most.", DEFAULT_LIMIT, 1),
						"scene": S.scene(),
					},
					["node_path"]
				)
				. with_output_schema(_list_schema())
				. mark_read_only()
				. mark_idempotent()
			)
		)
	)


static func get_node_info(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _get_in.bind(params))


static func set_property(params: Dictionary) -> Dictionary:
	var wanted: Dictionary = PropertyInput.requested(params)
	if wanted.is_empty():
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"Nothing to set: pass properties ({name: value}) or property with value.",
			MCPToolkitError.hint_for_param("property")
		)
	return await SceneEdit.run(params, _set_in.bind(params, wanted))


static func list_properties(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _list_in.bind(params))


static func _get_in(root: Node, params: Dictionary) -> Dictionary:
	var found: Variant = NodeCommands.resolve(root, str(params.get("node_path", "")), false, "read")
	if found is Dictionary:
		return found
	var node: Node = found
	var names: Array = params.get("names", [])
	var changed_only: bool = bool(params.get("changed_only", false))
	var properties: Array[Dictionary] = []
	var unreadable: Array[Dictionary] = []
	for info: Dictionary in _chosen(node, names, unreadable):
		if changed_only and PropertyOutput.is_default(node, str(info["name"])):
			continue
		_add_read(node, info, properties, unreadable)
	var data: Dictionary = _identity(root, node)
	data.merge({"properties": properties, "unreadable": unreadable})
	return MCPToolkitSuccess.ok(data)


static func _set_in(root: Node, params: Dictionary, wanted: Dictionary) -> Dictionary:
	var found: Variant = NodeCommands.resolve(root, str(params.get("node_path", "")), false, "set properties of")
	if found is Dictionary:
		return found
	var node: Node = found
	if not SceneWalk.shows(root, node):
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			"'%s' is inside an instanced scene whose children are not editable." % params["node_path"],
			"Change it in its own scene (scene_open), or instance that scene with editable_children."
		)
	var coerced: Dictionary = PropertyInput.coerce_all(node, wanted)
	if not coerced["ok"]:
		return coerced["error"]
	var changes: Dictionary = coerced["values"]
	var names: PackedStringArray = PackedStringArray(changes.keys())
	var previous: Dictionary = _json_values(node, names)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"set %s of %s" % [", ".join(names), node.name], node
	)
	for property: String in names:
		action.do_property(node, property, changes[property])
		action.undo_property(node, property, node.get(property))
	action.commit()
	var data: Dictionary = {"node_path": NodeLookup.path_of(root, node), "previous": previous}
	data["properties"] = _json_values(node, names)
	return MCPToolkitSuccess.ok(data)


static func _list_in(root: Node, params: Dictionary) -> Dictionary:
	var found: Variant = NodeCommands.resolve(root, str(params.get("node_path", "")), false, "read")
	if found is Dictionary:
		return found
	var node: Node = found
	var needle: String = str(params.get("filter", "")).to_lower()
	var rows: Array[Dictionary] = []
	for info: Dictionary in PropertyOutput.listed(node):
		if needle == "" or str(info["name"]).to_lower().contains(needle):
			rows.append(_describe(node, info))
	var page: Dictionary = Pagination.list_page(
		rows, int(params.get("offset", 0)), int(params.get("limit", DEFAULT_LIMIT)), "properties", "properties"
	)
	page["node_path"] = NodeLookup.path_of(root, node)
	page["type"] = node.get_class()
	return MCPToolkitSuccess.ok(page)


## The property-list entries to read: every inspector property, or the ones named (unknown names
## are reported in unreadable).
static func _chosen(node: Node, names: Array, unreadable: Array[Dictionary]) -> Array[Dictionary]:
	if names.is_empty():
		return PropertyOutput.listed(node)
	var chosen: Array[Dictionary] = []
	for name: Variant in names:
		var info: Dictionary = PropertyOutput.info_of(node, str(name))
		if info.is_empty():
			unreadable.append({"name": str(name), "reason": "no such property"})
		else:
			chosen.append(info)
	return chosen


static func _add_read(
	node: Node, info: Dictionary, properties: Array[Dictionary], unreadable: Array[Dictionary]
) -> void:
	var read: Dictionary = PropertyOutput.read(node, info, source_of(node))
	var name: String = str(info["name"])
	if read.has("unreadable"):
		unreadable.append({"name": name, "reason": read["unreadable"]})
		return
	var row: Dictionary = {"name": name, "type": PropertyOutput.type_name(info)}
	row.merge(read)
	properties.append(row)


static func _describe(node: Node, info: Dictionary) -> Dictionary:
	var row: Dictionary = {
		"name": str(info["name"]),
		"type": PropertyOutput.type_name(info),
		"hint": PropertyOutput.hint_name(info),
		"hint_string": str(info.get("hint_string", "")),
		"usage": PropertyOutput.usage_names(info),
	}
	var initial: Dictionary = PropertyOutput.json_of(
		PropertyOutput.default_of(node, str(info["name"])), info, source_of(node)
	)
	row["default"] = initial.get("value")
	var current: Dictionary = PropertyOutput.read(node, info, source_of(node))
	row["current"] = current.get("value")
	if not current.has("value"):
		row["unreadable"] = current.get("unreadable", current.get("omitted"))
	return row


static func _json_values(node: Node, names: PackedStringArray) -> Dictionary:
	var values: Dictionary = {}
	for name: String in names:
		var read: Dictionary = PropertyOutput.read(node, PropertyOutput.info_of(node, str(name)), source_of(node))
		values[str(name)] = read.get("value", read.get("omitted", read.get("unreadable")))
	return values


## Where a node's property values come from, for their untrusted-content envelopes: "<scene>:<node path>".
static func source_of(node: Node) -> String:
	var root: Node = EditorInterface.get_edited_scene_root()
	var inside: bool = root != null and (node == root or root.is_ancestor_of(node))
	return "%s:%s" % [root.scene_file_path, root.get_path_to(node)] if inside else str(node.name)


static func _identity(root: Node, node: Node) -> Dictionary:
	var children: Array[String] = []
	for child: Node in node.get_children():
		children.append(str(child.name))
	var data: Dictionary = {
		"node_path": NodeLookup.path_of(root, node),
		"name": str(node.name),
		"type": node.get_class(),
		"script": NodeFilter.script_of(node),
		"groups": NodeGroupCommands.groups_of(node),
		"children": children,
	}
	if node != root and node.scene_file_path != "":
		data["instance"] = node.scene_file_path
	return data


static func _get_schema() -> Dictionary:
	var property: Dictionary = S.object(
		{"name": S.string(), "type": S.string(), "value": S.any("JSON form of the value."), "omitted": S.any()},
		["name", "type"],
		true
	)
	var skipped: Dictionary = S.object({"name": S.string(), "reason": S.any()}, ["name"], true)
	return (
		S
		. object(
			{
				"scene": S.string(),
				"node_path": S.string(),
				"name": S.string(),
				"type": S.string(),
				"script": S.string(),
				"groups": S.array(S.string()),
				"children": S.array(S.string()),
				"instance": S.string("The scene this node instances."),
				"properties": S.array(property),
				"unreadable": S.array(skipped, "Properties that could not be read, and why."),
			},
			["node_path", "type", "properties", "unreadable"],
			true
		)
	)


static func _set_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"scene": S.string(),
				"node_path": S.string(),
				"properties": S.object({}, [], true),
				"previous": S.object({}, [], true),
			},
			["node_path", "properties", "previous"],
			true
		)
	)


static func _list_schema() -> Dictionary:
	var row: Dictionary = (
		S
		. object(
			{
				"name": S.string(),
				"type": S.string(),
				"hint": S.string(),
				"hint_string": S.string(),
				"usage": S.array(S.string()),
				"default": S.any(),
				"current": S.any(),
				"unreadable": S.any(),
			},
			["name", "type"],
			true
		)
	)
	return S.page(
		"properties",
		"offset",
		{"scene": S.string(), "node_path": S.string(), "type": S.string(), "properties": S.array(row)},
		["properties"]
	)
