@tool
extends RefCounted
## node.create, node.delete, node.duplicate: adding and removing nodes of an open scene, each one
## undo action in that scene's history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")
const NodeClasses := preload("res://addons/godot_live_mcp/authoring/node_classes.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const NewSubtree := preload("res://addons/godot_live_mcp/authoring/new_subtree.gd")
const NodePlacement := preload("res://addons/godot_live_mcp/authoring/node_placement.gd")

const GROUP := "node"
const DEFAULTS := {"guard": ["scene"], "target": "own_node"}
const COMMANDS := {
	"node.create":
	{
		"text":
		(
			"Add a node (engine class or script class_name) under a parent in an open scene, optionally"
			+ " with properties (JSON values; tagged objects for vectors, colors, resources) and children, in"
			+ " one undo action."
		),
		"args":
		[
			{"class_name!": "string: Class of the new node, e.g. 'Sprite2D', or a script class_name."},
			{"parent": "@node_path: Path of the parent node ('.' is the scene root)."},
			{"name": "string: Name of the new node; defaults to its class name."},
			{"properties": PropertyInput.VALUES, "children": NewSubtree.SCHEMA},
			{"if_exists": "@if_exists", "scene": "@scene"},
		],
		"returns": [NodePlacement.NODE_ROW, {"status!": "@create_status"}],
		"target": "scene",
	},
	"node.delete":
	{
		"text": "Delete a node and its children from an open scene (undoable with editor_undo).",
		"args": {"node_path!": "@node_path", "scene": "@scene"},
		"returns": {"scene": "string", "deleted!": "string"},
		"marks": "destructive",
	},
	"node.duplicate":
	{
		"text": "Copy a node with its children, scripts, groups and signal connections; the copy goes right after it.",
		"args":
		{"node_path!": "@node_path", "name": "string: Name of the copy; defaults to a unique one.", "scene": "@scene"},
		"returns": NodePlacement.NODE_ROW,
	},
}


static func create(params: CommandParams, target: CommandTarget) -> Result:
	var checked: Result = NodeClasses.require(params.text("class_name"))
	if checked.succeeded():
		checked = NodeNames.check(params.text("name"), "name", true)
	if checked.succeeded():
		checked = IfExists.read(params)
	if checked.failed():
		return checked
	return NodePlacement.place_new(target.root, params, _make_node.bind(params.text("class_name")))


static func _make_node(kind: String) -> Node:
	var node: Node = NodeClasses.instantiate(kind)
	node.name = kind.validate_node_name()
	return node


static func delete(_params: CommandParams, target: CommandTarget) -> Result:
	var node: Node = target.node
	var root: Node = target.root
	if node == root:
		return Result.fail(
			"INVALID_OPERATION", "Cannot delete the scene's root node.", "Close the scene with scene_close instead."
		)
	var parent: Node = node.get_parent()
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("delete %s" % node.name, parent)
	NodeSubtree.record_remove(action, parent, node, node.get_index(), root, NodeSubtree.owned(node, root))
	action.commit()
	return Result.of({"deleted": target.node_path})


static func duplicate(params: CommandParams, target: CommandTarget) -> Result:
	var checked: Result = NodeNames.check(params.text("name"), "name", true)
	if checked.failed():
		return checked
	var node: Node = target.node
	var root: Node = target.root
	if node == root:
		return Result.fail("INVALID_OPERATION", "Cannot duplicate the scene's root node: it has no siblings.")
	var parent: Node = node.get_parent()
	var wanted: String = params.text("name")
	if wanted != "" and NodeNames.taken_under(parent, wanted) != null:
		return Result.fail(
			"ALREADY_EXISTS", "'%s' already has a child named '%s'." % [NodeLookup.path_of(root, parent), wanted]
		)
	var copy: Node = node.duplicate()
	copy.name = wanted if wanted != "" else str(node.name)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("duplicate %s" % node.name, parent)
	NodeSubtree.record_add(action, parent, copy, node.get_index() + 1, root, _copied_own_nodes(node, copy, root))
	action.commit()
	return Result.of(NodePlacement.row(root, copy))


## The nodes of copy that correspond to the nodes of original the scene stores (same relative paths).
static func _copied_own_nodes(original: Node, copy: Node, root: Node) -> Array[Node]:
	var nodes: Array[Node] = [copy]
	for own: Node in NodeSubtree.owned(original, root).slice(1):
		var twin: Node = copy.get_node_or_null(original.get_path_to(own))
		if twin != null:
			nodes.append(twin)
	return nodes
