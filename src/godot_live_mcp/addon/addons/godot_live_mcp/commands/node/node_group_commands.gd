@tool
extends RefCounted
## node.add_to_group, node.remove_from_group: a node's persistent groups (saved with the scene),
## each change one undo action in the scene's history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeReport := preload("res://addons/godot_live_mcp/shared/node_report.gd")

const GROUP := "node"
const ARGS := {"node_path!": "@node_path", "group!": "string: The group name.", "scene": "@scene"}
const GROUPS := [
	{"scene": "string", "node_path!": "string", "group!": "string"},
	{"changed!": "boolean: False when the node was already in (or out of) the group."},
	{"groups!": "array<string>: The node's groups afterwards."},
]
const DEFAULTS := {"marks": "idempotent", "guard": ["scene"], "target": "node"}
const COMMANDS := {
	"node.add_to_group":
	{
		"text": "Put a node in a group, saved with the scene (find the group's nodes with node_find).",
		"args": ARGS,
		"returns": GROUPS,
	},
	"node.remove_from_group": {"text": "Take a node out of a group it was put in.", "args": ARGS, "returns": GROUPS},
}


static func add_to_group(params: CommandParams, target: CommandTarget) -> Result:
	return _change(params, target, true)


static func remove_from_group(params: CommandParams, target: CommandTarget) -> Result:
	return _change(params, target, false)


static func _change(params: CommandParams, target: CommandTarget, joining: bool) -> Result:
	var group: String = params.text("group").strip_edges()
	if group == "" or group.begins_with("_"):
		return Result.fail(
			"INVALID_PARAMS",
			"group '%s' is not a usable group name (empty, or '_' marks the engine's own groups)." % group
		)
	var node: Node = target.node
	if not SceneWalk.shows(target.root, node):
		return Result.fail(
			"INVALID_OPERATION",
			"'%s' is inside an instanced scene whose children are not editable." % params.text("node_path"),
			"Change it in its own scene (scene_open)."
		)
	var changed: bool = node.is_in_group(group) != joining
	if changed:
		_record(node, group, joining)
	return Result.of(
		{"node_path": target.node_path, "group": group, "changed": changed, "groups": NodeReport.groups_of(node)}
	)


static func _record(node: Node, group: String, joining: bool) -> void:
	var what: String = ("add %s to group %s" if joining else "remove %s from group %s") % [node.name, group]
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what, node)
	var join: Callable = node.add_to_group.bind(group, true)
	var leave: Callable = node.remove_from_group.bind(group)
	action.do_method(join if joining else leave)
	action.undo_method(leave if joining else join)
	action.commit()
