@tool
extends RefCounted
## A node with the descendants its scene file stores: what adding, removing or moving a node has
## to carry along. Nodes inside an instanced scene belong to that instance, not to the edited
## scene, and are left to it.


## node and its descendants owned by root (the node itself always comes first).
static func owned(node: Node, root: Node) -> Array[Node]:
	var found: Array[Node] = [node]
	_collect_owned(node, root, found)
	return found


## Whether the edited scene stores node itself (so tools may move, rename or delete it).
static func is_own(node: Node, root: Node) -> bool:
	return node == root or node.owner == root


## The scene node comes from when root's scene inherits it from a base scene ("" otherwise): such
## a node can be changed, but not removed, renamed or moved.
static func inherited_from(node: Node, root: Node) -> String:
	if node == root or not ResourceLoader.exists(root.scene_file_path, "PackedScene"):
		return ""
	var packed: PackedScene = ResourceLoader.load(root.scene_file_path, "PackedScene") as PackedScene
	var wanted: String = "./" + str(root.get_path_to(node))
	var state: SceneState = packed.get_state().get_base_scene_state() if packed != null else null
	while state != null:
		for index: int in state.get_node_count():
			if str(state.get_node_path(index)) == wanted:
				return state.get_path()
		state = state.get_base_scene_state()
	return ""


## Records adding node under parent at index (both directions), keeping it alive for redo.
static func record_add(
	action: MCPToolkitUndoRedoAction, parent: Node, node: Node, index: int, root: Node, nodes: Array[Node]
) -> void:
	do_add(action, parent, node, index, root, nodes)
	action.undo_method(parent.remove_child.bind(node))


## Records removing node from parent (both directions); undo puts it back at index with its owners.
static func record_remove(
	action: MCPToolkitUndoRedoAction, parent: Node, node: Node, index: int, root: Node, nodes: Array[Node]
) -> void:
	action.do_method(parent.remove_child.bind(node))
	undo_remove(action, parent, node, index, root, nodes)


## The do side of adding node: attach it at index and give the scene's nodes their owner.
static func do_add(
	action: MCPToolkitUndoRedoAction, parent: Node, node: Node, index: int, root: Node, nodes: Array[Node]
) -> void:
	action.do_method(parent.add_child.bind(node, true))
	action.do_method(parent.move_child.bind(node, index))
	for each: Node in nodes:
		action.do_method(each.set_owner.bind(root))
	action.do_reference(node)


## The undo side of removing node: put it back at index with its owners, kept alive meanwhile.
static func undo_remove(
	action: MCPToolkitUndoRedoAction, parent: Node, node: Node, index: int, root: Node, nodes: Array[Node]
) -> void:
	action.undo_method(parent.add_child.bind(node, true))
	action.undo_method(parent.move_child.bind(node, index))
	for each: Node in nodes:
		action.undo_method(each.set_owner.bind(root))
	action.undo_reference(node)


static func _collect_owned(node: Node, root: Node, found: Array[Node]) -> void:
	for child: Node in node.get_children():
		if child.owner == root:
			found.append(child)
		_collect_owned(child, root, found)
