@tool
extends RefCounted
## node.rename, node.reparent, node.move: changing where a node sits in its scene, each one undo
## action in that scene's history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const NodeReferences := preload("res://addons/godot_live_mcp/authoring/node_references.gd")

const GROUP := "node"
## What every command here returns, besides the fields each adds.
const MOVED := {"scene": "string", "node_path!": "string: The node's path after the change."}
## What rename and reparent add when paths elsewhere in the scene led to the node.
const REFERENCED := {
	"references": NodeReferences.ROWS,
	"references_updated": NodeReferences.UPDATED,
	"scripts_updated": NodeReferences.SCRIPTS,
}
const UPDATE_REFERENCES := (
	"boolean=false: Also rewrite the paths that led to the node: NodePath properties and animation tracks"
	+ " (same undo step) and $/%/get_node paths in the scene's scripts (file edits)."
)
const DEFAULTS := {"marks": "idempotent", "guard": ["scene"]}
const COMMANDS := {
	"node.rename":
	{
		"text":
		(
			"Rename a node. Reports the node paths the change breaks (properties, animation tracks, $ and %"
			+ " in scripts); update_references rewrites them."
		),
		"args":
		{
			"node_path!": "@node_path",
			"new_name!": "string: The new name.",
			"update_references": UPDATE_REFERENCES,
			"scene": "@scene",
		},
		"returns": [MOVED, {"old_name": "string", "name": "string"}, REFERENCED],
	},
	"node.reparent":
	{
		"text":
		(
			"Move a node (with its children) under another parent, keeping where it is on screen unless"
			+ " keep_global_transform is false. Reports the node paths the move breaks, like node_rename."
		),
		"args":
		[
			{"node_path!": "@node_path", "new_parent!": "@node_path: Path of the new parent ('.' is the scene root)."},
			{"keep_global_transform": "boolean=true: Keep the node's global position, rotation and scale."},
			{"update_references": UPDATE_REFERENCES, "scene": "@scene"},
		],
		"returns": [MOVED, {"old_parent": "string", "parent": "string"}, REFERENCED],
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
		"target": "own_node",
	},
}


# Rename and reparent declare no target: the scripts they update are rewritten after the scene edit.
static func rename(params: CommandParams) -> Result:
	var checked: Result = NodeNames.check(params.text("new_name"), "new_name")
	if checked.failed():
		return checked
	return await _with_scripts(await SceneEdit.edit(params.raw, _rename_in.bind(params)))


static func reparent(params: CommandParams) -> Result:
	return await _with_scripts(await SceneEdit.edit(params.raw, _reparent_in.bind(params)))


## After a scene change that asked to update references: rewrites the scripts it found (file edits,
## so after the scene's undo step) and notes them in the result.
static func _with_scripts(changed: Result) -> Result:
	if changed.failed() or not changed.value.has("_references"):
		return changed
	var references: NodeReferences = changed.value["_references"]
	changed.value.erase("_references")
	var written: Result = await references.rewrite_scripts()
	if written.failed():
		return written
	if not (written.value as Array).is_empty():
		changed.value["scripts_updated"] = written.value
	return changed


## Adds the references a change broke to data (when there are any), and rewrites those in the scene
## into action when asked; the scripts are left to _with_scripts.
static func _note_references(data: Dictionary, references: NodeReferences, update: bool) -> void:
	references.measure()
	if references.is_empty():
		return
	data["references"] = references.rows()
	data["references_updated"] = update
	if update:
		data["_references"] = references


static func _rename_in(root: Node, params: CommandParams) -> Result:
	var node_path: String = params.text("node_path")
	var new_name: String = params.text("new_name")
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
	var data: Dictionary = {"old_name": old_name, "name": new_name}
	if new_name != old_name:
		var references: NodeReferences = NodeReferences.capture(root, node)
		node.name = new_name
		var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
			"rename %s to %s" % [old_name, new_name], node
		)
		action.do_property(node, &"name", new_name).undo_property(node, &"name", old_name)
		_note_references(data, references, params.flag("update_references"))
		if data.has("_references"):
			references.rewrite_in_scene(action)
		action.commit_recorded()
	data["node_path"] = NodeLookup.path_of(root, node)
	return Result.of(data)


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
	var data: Dictionary = {"old_parent": NodeLookup.path_of(root, old_parent)}
	if new_parent != old_parent:
		var references: NodeReferences = NodeReferences.capture(root, node)
		var action: MCPToolkitUndoRedoAction = _record_reparent(
			root, node, new_parent, params.flag("keep_global_transform")
		)
		_note_references(data, references, params.flag("update_references"))
		if data.has("_references"):
			references.rewrite_in_scene(action)
		action.commit_recorded()
	data["node_path"] = NodeLookup.path_of(root, node)
	data["parent"] = NodeLookup.path_of(root, new_parent)
	return Result.of(data)


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


## Applies the move (the engine keeps the global transform), then describes both directions with the
## resulting local placement, so undo and redo never recompute transforms outside the tree. The
## caller commits the action (commit_recorded), after adding what else belongs to the step.
static func _record_reparent(root: Node, node: Node, new_parent: Node, keep_global: bool) -> MCPToolkitUndoRedoAction:
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
	return action


## The local properties that place a node on screen (what keeping the global transform changes).
static func _placement_properties(node: Node) -> PackedStringArray:
	if node is Node3D:
		return PackedStringArray(["transform"])
	if node is Node2D:
		return PackedStringArray(["position", "rotation", "scale", "skew"])
	if node is Control:
		return PackedStringArray(["position", "rotation", "scale"])
	return PackedStringArray()


static func move(params: CommandParams, target: CommandTarget) -> Result:
	var node: Node = target.node
	var root: Node = target.root
	var wanted: int = params.integer("index")
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
	return Result.of({"node_path": target.node_path, "index": index, "previous_index": previous})
