@tool
extends RefCounted
## node.rename, node.reparent, node.move: changing where a node sits in its scene, each one undo
## action in that scene's history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")

const GROUP := "node"
## What every command here returns, besides the fields each adds.
const MOVED := {"scene": "string", "node_path!": "string: The node's path after the change."}
const DEFAULTS := {"marks": "idempotent", "guard": ["scene"]}
const COMMANDS := {
	"node.rename":
	{
		"text": "Rename a node. Node paths stored in other nodes' properties are not rewritten.",
		"args": {"node_path!": "@node_path", "new_name!": "string: The new name.", "scene": "@scene"},
		"returns": [MOVED, {"old_name": "string", "name": "string"}],
	},
	"node.reparent":
	{
		"text":
		(
			"Move a node (with its children) under another parent, keeping where it is on screen unless"
			+ " keep_global_transform is false. A node cannot move under itself or its own descendants."
		),
		"args":
		[
			{"node_path!": "@node_path", "new_parent!": "@node_path: Path of the new parent ('.' is the scene root)."},
			{"keep_global_transform": "boolean=true: Keep the node's global position, rotation and scale."},
			{"scene": "@scene"},
		],
		"returns": [MOVED, {"old_parent": "string", "parent": "string"}],
	},
	"node.move":
	{
		"text": "Move a node to another position among its siblings (0 is first, -1 is last); this sets draw order.",
		"args":
		{
			"node_path!": "@node_path",
			"index!": "integer: The new index among the siblings; negative ones count from the end.",
			"scene": "@scene",
		},
		"returns": [MOVED, {"index": "integer", "previous_index": "integer"}],
	},
}


static func rename(params: CommandParams) -> Result:
	var checked: Result = NodeNames.check(params.text("new_name"), "new_name")
	if checked.failed():
		return checked
	return await SceneEdit.edit(params.raw, _rename_in.bind(params.text("node_path"), params.text("new_name")))


static func reparent(params: CommandParams) -> Result:
	return await SceneEdit.edit(params.raw, _reparent_in.bind(params))


static func move(params: CommandParams) -> Result:
	return await SceneEdit.edit(params.raw, _move_in.bind(params.text("node_path"), params.integer("index")))


static func _rename_in(root: Node, node_path: String, new_name: String) -> Result:
	var found: Result = NodeLookup.require(root, node_path, true, "rename")
	if found.failed():
		return found
	var node: Node = found.value
	var old_name: String = str(node.name)
	if node != root and NodeNames.taken_under(node.get_parent(), new_name, node) != null:
		return Result.fail(
			"ALREADY_EXISTS",
			"A sibling of '%s' is already named '%s'." % [node_path, new_name],
			"Pick another name (scene_get_tree lists the siblings)."
		)
	if new_name != old_name:
		(
			MCPToolkitUndoRedoAction
			. begin("rename %s to %s" % [old_name, new_name], node)
			. do_property(node, &"name", new_name)
			. undo_property(node, &"name", old_name)
			. commit()
		)
	return Result.of({"node_path": NodeLookup.path_of(root, node), "old_name": old_name, "name": new_name})


static func _reparent_in(root: Node, params: CommandParams) -> Result:
	var found: Result = NodeLookup.require(root, params.text("node_path"), true, "reparent")
	if found.failed():
		return found
	var target: Result = NodeLookup.require(root, params.text("new_parent"), false, "reparent under")
	if target.failed():
		return target
	var node: Node = found.value
	var new_parent: Node = target.value
	var allowed: Result = _reparent_allowed(root, node, new_parent, params)
	if allowed.failed():
		return allowed
	var old_parent: Node = node.get_parent()
	var old_path: String = NodeLookup.path_of(root, old_parent)
	if new_parent != old_parent:
		_record_reparent(root, node, new_parent, params.flag("keep_global_transform"))
	return Result.of(
		{
			"node_path": NodeLookup.path_of(root, node),
			"old_parent": old_path,
			"parent": NodeLookup.path_of(root, new_parent)
		}
	)


## node when it may move under new_parent; INVALID_OPERATION or ALREADY_EXISTS otherwise.
static func _reparent_allowed(root: Node, node: Node, new_parent: Node, params: CommandParams) -> Result:
	if node == root:
		return Result.fail("INVALID_OPERATION", "The scene's root node has no parent to change.")
	if new_parent == node or node.is_ancestor_of(new_parent):
		return Result.fail(
			"INVALID_OPERATION",
			(
				"Cannot move '%s' under '%s': that is the node itself or one of its descendants."
				% [params.text("node_path"), params.text("new_parent")]
			),
			"Pick a parent outside the node's own branch (scene_get_tree shows the tree)."
		)
	if not SceneWalk.shows(root, new_parent):
		return Result.fail(
			"INVALID_OPERATION",
			"'%s' is inside an instanced scene whose children are not editable." % params.text("new_parent"),
			"Pick a parent this scene stores itself (scene_get_tree lists them)."
		)
	if new_parent != node.get_parent() and NodeNames.taken_under(new_parent, str(node.name)) != null:
		return Result.fail(
			"ALREADY_EXISTS",
			"'%s' already has a child named '%s'." % [params.text("new_parent"), node.name],
			"Rename one of them first with node_rename."
		)
	return Result.of(node)


## Applies the move (the engine keeps the global transform), then records both directions with the
## resulting local placement, so undo and redo never recompute transforms outside the tree.
static func _record_reparent(root: Node, node: Node, new_parent: Node, keep_global: bool) -> void:
	var old_parent: Node = node.get_parent()
	var old_index: int = node.get_index()
	var placement: PackedStringArray = _placement_properties(node)
	var before: Dictionary = {}
	for property: String in placement:
		before[property] = node.get(property)
	var nodes: Array[Node] = NodeSubtree.owned(node, root)
	node.reparent(new_parent, keep_global)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("reparent %s" % node.name, new_parent)
	action.do_method(node.reparent.bind(new_parent, false))
	action.undo_method(node.reparent.bind(old_parent, false))
	action.undo_method(old_parent.move_child.bind(node, old_index))
	for property: String in placement:
		action.do_property(node, property, node.get(property))
		action.undo_property(node, property, before[property])
	for each: Node in nodes:
		action.do_method(each.set_owner.bind(root))
		action.undo_method(each.set_owner.bind(root))
	action.commit_recorded()


## The local properties that place a node on screen (what keeping the global transform changes).
static func _placement_properties(node: Node) -> PackedStringArray:
	if node is Node3D:
		return PackedStringArray(["transform"])
	if node is Node2D:
		return PackedStringArray(["position", "rotation", "scale", "skew"])
	if node is Control:
		return PackedStringArray(["position", "rotation", "scale"])
	return PackedStringArray()


static func _move_in(root: Node, node_path: String, wanted: int) -> Result:
	var found: Result = NodeLookup.require(root, node_path, true, "move")
	if found.failed():
		return found
	var node: Node = found.value
	if node == root:
		return Result.fail("INVALID_OPERATION", "The scene's root node has no siblings to move among.")
	var parent: Node = node.get_parent()
	var count: int = parent.get_child_count()
	var index: int = wanted + count if wanted < 0 else wanted
	if index < 0 or index >= count:
		return Result.fail(
			"INVALID_PARAMS",
			(
				"index %d is out of range: '%s' has %d children (0..%d, or -1 for last)."
				% [wanted, NodeLookup.path_of(root, parent), count, count - 1]
			)
		)
	var previous: int = node.get_index()
	if index != previous:
		(
			MCPToolkitUndoRedoAction
			. begin("move %s to %d" % [node.name, index], parent)
			. do_method(parent.move_child.bind(node, index))
			. undo_method(parent.move_child.bind(node, previous))
			. commit()
		)
	return Result.of({"node_path": NodeLookup.path_of(root, node), "index": index, "previous_index": previous})
