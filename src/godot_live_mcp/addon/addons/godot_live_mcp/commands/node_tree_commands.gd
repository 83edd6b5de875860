@tool
extends RefCounted
## node.rename, node.reparent, node.move: changing where a node sits in its scene, each one undo
## action in that scene's history.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const NodeCommands := preload("res://addons/godot_live_mcp/commands/node_commands.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"node.rename",
		rename,
		(
			NodeCommands
			. options(
				"Rename a node. Node paths stored in other nodes' properties are not rewritten.",
				{"node_path": S.node_path(), "new_name": S.string("The new name."), "scene": S.scene()},
				["node_path", "new_name"]
			)
			. with_output_schema(_moved_schema({"old_name": S.string(), "name": S.string()}))
			. mark_idempotent()
		)
	)
	(
		registry
		. add(
			"node.reparent",
			reparent,
			(
				NodeCommands
				. options(
					(
						"Move a node (with its children) under another parent, keeping where it is on screen unless"
						+ " keep_global_transform is false. A node cannot move under itself or its own descendants."
					),
					{
						"node_path": S.node_path(),
						"new_parent": S.node_path("Path of the new parent ('.' is the scene root)."),
						"keep_global_transform":
						S.boolean("Keep the node's global position, rotation and scale.", true),
						"scene": S.scene(),
					},
					["node_path", "new_parent"]
				)
				. with_output_schema(_moved_schema({"old_parent": S.string(), "parent": S.string()}))
				. mark_idempotent()
			)
		)
	)
	registry.add(
		"node.move",
		move,
		(
			NodeCommands
			. options(
				"Move a node to another position among its siblings (0 is first, -1 is last); this sets draw order.",
				{
					"node_path": S.node_path(),
					"index": S.integer("The new index among the siblings."),
					"scene": S.scene()
				},
				["node_path", "index"]
			)
			. with_output_schema(_moved_schema({"index": S.integer(), "previous_index": S.integer()}))
			. mark_idempotent()
		)
	)


static func rename(params: Dictionary) -> Dictionary:
	var refused: Dictionary = NodeNames.problem(str(params.get("new_name", "")), "new_name")
	if not refused.is_empty():
		return refused
	return await SceneEdit.run(params, _rename_in.bind(params))


static func reparent(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _reparent_in.bind(params))


static func move(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _move_in.bind(params))


static func _rename_in(root: Node, params: Dictionary) -> Dictionary:
	var found: Variant = NodeCommands.resolve(root, str(params.get("node_path", "")), true, "rename")
	if found is Dictionary:
		return found
	var node: Node = found
	var old_name: String = str(node.name)
	var new_name: String = str(params["new_name"])
	if node != root and NodeNames.taken_under(node.get_parent(), new_name, node) != null:
		return MCPToolkitError.fail(
			"ALREADY_EXISTS",
			"A sibling of '%s' is already named '%s'." % [params["node_path"], new_name],
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
	return MCPToolkitSuccess.ok({"node_path": NodeLookup.path_of(root, node), "old_name": old_name, "name": new_name})


static func _reparent_in(root: Node, params: Dictionary) -> Dictionary:
	var found: Variant = NodeCommands.resolve(root, str(params.get("node_path", "")), true, "reparent")
	if found is Dictionary:
		return found
	var node: Node = found
	var target: Variant = NodeCommands.resolve(root, str(params.get("new_parent", "")), false, "reparent under")
	if target is Dictionary:
		return target
	var new_parent: Node = target
	var refused: Dictionary = _reparent_problem(root, node, new_parent, params)
	if not refused.is_empty():
		return refused
	var old_parent: Node = node.get_parent()
	var old_path: String = NodeLookup.path_of(root, old_parent)
	if new_parent != old_parent:
		_record_reparent(root, node, new_parent, bool(params.get("keep_global_transform", true)))
	return MCPToolkitSuccess.ok(
		{
			"node_path": NodeLookup.path_of(root, node),
			"old_parent": old_path,
			"parent": NodeLookup.path_of(root, new_parent)
		}
	)


static func _reparent_problem(root: Node, node: Node, new_parent: Node, params: Dictionary) -> Dictionary:
	if node == root:
		return MCPToolkitError.fail("INVALID_OPERATION", "The scene's root node has no parent to change.")
	if new_parent == node or node.is_ancestor_of(new_parent):
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			(
				"Cannot move '%s' under '%s': that is the node itself or one of its descendants."
				% [params["node_path"], params["new_parent"]]
			),
			"Pick a parent outside the node's own branch (scene_get_tree shows the tree)."
		)
	if not SceneWalk.shows(root, new_parent):
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			"'%s' is inside an instanced scene whose children are not editable." % params["new_parent"],
			"Pick a parent this scene stores itself (scene_get_tree lists them)."
		)
	if new_parent != node.get_parent() and NodeNames.taken_under(new_parent, str(node.name)) != null:
		return MCPToolkitError.fail(
			"ALREADY_EXISTS",
			"'%s' already has a child named '%s'." % [params["new_parent"], node.name],
			"Rename one of them first with node_rename."
		)
	return {}


## Applies the move (the engine keeps the global transform), then records both directions with the
## resulting local placement, so undo and redo never recompute transforms outside the tree.
static func _record_reparent(root: Node, node: Node, new_parent: Node, keep_global: bool) -> void:
	var old_parent: Node = node.get_parent()
	var old_index: int = node.get_index()
	var placement: PackedStringArray = _placement_properties(node)
	var before: Dictionary = _snapshot(node, placement)
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


static func _snapshot(node: Node, properties: PackedStringArray) -> Dictionary:
	var values: Dictionary = {}
	for property: String in properties:
		values[property] = node.get(property)
	return values


static func _move_in(root: Node, params: Dictionary) -> Dictionary:
	var found: Variant = NodeCommands.resolve(root, str(params.get("node_path", "")), true, "move")
	if found is Dictionary:
		return found
	var node: Node = found
	if node == root:
		return MCPToolkitError.fail("INVALID_OPERATION", "The scene's root node has no siblings to move among.")
	var parent: Node = node.get_parent()
	var index: int = _sibling_index(int(params.get("index", 0)), parent.get_child_count())
	if index < 0:
		return _index_out_of_range(root, parent, params)
	var previous: int = node.get_index()
	if index != previous:
		(
			MCPToolkitUndoRedoAction
			. begin("move %s to %d" % [node.name, index], parent)
			. do_method(parent.move_child.bind(node, index))
			. undo_method(parent.move_child.bind(node, previous))
			. commit()
		)
	return MCPToolkitSuccess.ok(
		{"node_path": NodeLookup.path_of(root, node), "index": index, "previous_index": previous}
	)


## index among count siblings, negative ones counted from the end; -1 when out of range.
static func _sibling_index(index: int, count: int) -> int:
	var resolved: int = index + count if index < 0 else index
	return resolved if resolved >= 0 and resolved < count else -1


static func _index_out_of_range(root: Node, parent: Node, params: Dictionary) -> Dictionary:
	var count: int = parent.get_child_count()
	return MCPToolkitError.fail(
		"INVALID_PARAMS",
		(
			"index %s is out of range: '%s' has %d children (0..%d, or -1 for last)."
			% [params["index"], NodeLookup.path_of(root, parent), count, count - 1]
		)
	)


static func _moved_schema(extra: Dictionary) -> Dictionary:
	var fields: Dictionary = {"scene": S.string(), "node_path": S.string("The node's path after the change.")}
	fields.merge(extra)
	return S.object(fields, ["node_path"], true)
