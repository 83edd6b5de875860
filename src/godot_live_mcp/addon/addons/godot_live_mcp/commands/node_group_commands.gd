@tool
extends RefCounted
## node.add_to_group, node.remove_from_group: a node's persistent groups (saved with the scene),
## each change one undo action in the scene's history.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const NodeCommands := preload("res://addons/godot_live_mcp/commands/node_commands.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	var params: Dictionary = {"node_path": S.node_path(), "group": S.string("The group name."), "scene": S.scene()}
	registry.add(
		"node.add_to_group",
		add_to_group,
		(
			NodeCommands
			. options(
				"Put a node in a group, saved with the scene (find the group's nodes with node_find).",
				params,
				["node_path", "group"]
			)
			. with_output_schema(_groups_schema())
			. mark_idempotent()
		)
	)
	registry.add(
		"node.remove_from_group",
		remove_from_group,
		(
			NodeCommands
			. options("Take a node out of a group it was put in.", params, ["node_path", "group"])
			. with_output_schema(_groups_schema())
			. mark_idempotent()
		)
	)


static func add_to_group(params: Dictionary) -> Dictionary:
	return await _change(params, true)


static func remove_from_group(params: Dictionary) -> Dictionary:
	return await _change(params, false)


## The node's groups, without the engine's internal ones (named with a leading '_').
static func groups_of(node: Node) -> Array[String]:
	var names: Array[String] = []
	for group: StringName in node.get_groups():
		if not str(group).begins_with("_"):
			names.append(str(group))
	return names


static func _change(params: Dictionary, joining: bool) -> Dictionary:
	var group: String = str(params.get("group", "")).strip_edges()
	if group == "" or group.begins_with("_"):
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"group '%s' is not a usable group name (empty, or '_' marks the engine's own groups)." % group
		)
	return await SceneEdit.run(params, _change_in.bind(str(params.get("node_path", "")), group, joining))


static func _change_in(root: Node, node_path: String, group: String, joining: bool) -> Dictionary:
	var found: Variant = NodeCommands.resolve(root, node_path, false, "change the groups of")
	if found is Dictionary:
		return found
	var node: Node = found
	if not SceneWalk.shows(root, node):
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			"'%s' is inside an instanced scene whose children are not editable." % node_path,
			"Change it in its own scene (scene_open)."
		)
	var changed: bool = node.is_in_group(group) != joining
	if changed:
		_record(node, group, joining)
	return MCPToolkitSuccess.ok(
		{"node_path": NodeLookup.path_of(root, node), "group": group, "changed": changed, "groups": groups_of(node)}
	)


static func _record(node: Node, group: String, joining: bool) -> void:
	var what: String = ("add %s to group %s" if joining else "remove %s from group %s") % [node.name, group]
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what, node)
	var join: Callable = node.add_to_group.bind(group, true)
	var leave: Callable = node.remove_from_group.bind(group)
	action.do_method(join if joining else leave)
	action.undo_method(leave if joining else join)
	action.commit()


static func _groups_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"scene": S.string(),
				"node_path": S.string(),
				"group": S.string(),
				"changed": S.boolean("False when the node was already in (or out of) the group."),
				"groups": S.array(S.string(), "The node's groups afterwards."),
			},
			["node_path", "group", "changed", "groups"],
			true
		)
	)
