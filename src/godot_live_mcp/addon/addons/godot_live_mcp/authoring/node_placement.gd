@tool
extends RefCounted
## A new node put into an open scene as one undo action: under a parent, honouring name, if_exists,
## properties and children (node_create, scene_instance, the spatial and particles creators).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const NewSubtree := preload("res://addons/godot_live_mcp/authoring/new_subtree.gd")

## What node.create and node.duplicate return.
const NODE_ROW := {
	"scene": "string: The scene the node is in.",
	"node_path!": "string: Path of the node relative to the scene root.",
	"name": "string",
	"type": "string",
}


## Adds a node made by make (a Callable returning a fresh Node with its default name) under
## params.parent, honouring params.name, if_exists and properties, as one undo action; editable
## marks an instanced scene's children editable. Nothing is left behind when it refuses.
static func place_new(root: Node, params: CommandParams, make: Callable, editable: bool = false) -> Result:
	var parent_path: String = params.text("parent") if params.has("parent") else "."
	var found: Result = NodeLookup.require(root, parent_path)
	if found.failed():
		return found
	var parent: Node = found.value
	if not SceneWalk.shows(root, parent):
		return _hidden_parent(root, parent_path)
	var wanted: String = params.text("name")
	var existing: Node = NodeNames.taken_under(parent, wanted) if wanted != "" else null
	var policy: String = IfExists.read(params).value
	if existing != null and policy != IfExists.REPLACE:
		return IfExists.answer(policy, "A node '%s' under '%s'" % [wanted, parent_path], row(root, existing))
	var node: Node = make.call()
	if wanted != "":
		node.name = wanted
	var values: Result = PropertyInput.coerce_values(node, params.object("properties"))
	var children: Result = NewSubtree.build(node, params.list("children")) if values.succeeded() else values
	if children.failed():
		node.free()
		return children
	var made: Array[Node] = [node]
	made.append_array(children.value)
	var action: MCPToolkitUndoRedoAction = _record_create(root, parent, made, existing, values.value)
	if editable:
		action.do_method(root.set_editable_instance.bind(node, true))
		action.undo_method(root.set_editable_instance.bind(node, false))
	action.commit()
	var row: Dictionary = row(root, node)
	row["status"] = "replaced" if existing != null else "created"
	return Result.of(row)


## The create action, not yet committed: replace the node in the way (if any), add made[0] (with
## the rest of made, its new children) at its place, set the coerced values; undo reverses it.
static func _record_create(
	root: Node, parent: Node, made: Array[Node], existing: Node, values: Dictionary
) -> MCPToolkitUndoRedoAction:
	var node: Node = made[0]
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("create %s" % node.name, parent)
	var index: int = existing.get_index() if existing != null else parent.get_child_count()
	var replaced: Array[Node] = []
	if existing != null:
		replaced = NodeSubtree.owned(existing, root)
		action.do_method(parent.remove_child.bind(existing))
	NodeSubtree.do_add(action, parent, node, index, root, made)
	for property: String in values:
		action.do_property(node, property, values[property])
	action.undo_method(parent.remove_child.bind(node))
	if existing != null:
		NodeSubtree.undo_remove(action, parent, existing, index, root, replaced)
	return action


static func _hidden_parent(root: Node, parent_path: String) -> Result:
	return Result.fail(
		"INVALID_OPERATION",
		(
			"'%s' is inside an instanced scene of %s whose children are not editable."
			% [parent_path, root.scene_file_path]
		),
		"Add the node to that scene instead (scene_open), or instance it with editable_children."
	)


## The node as node.create and node.duplicate report it (NODE_ROW without scene).
static func row(root: Node, node: Node) -> Dictionary:
	return {"node_path": NodeLookup.path_of(root, node), "name": str(node.name), "type": node.get_class()}
