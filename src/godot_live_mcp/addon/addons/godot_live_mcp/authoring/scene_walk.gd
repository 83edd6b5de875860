@tool
extends RefCounted
## The nodes the editor shows for an open scene, in tree order: the scene's own nodes, and the
## insides of instanced scenes whose children were made editable. Any other instanced scene shows
## as its one root node, as in the Scene dock.


## [{"node": Node, "depth": int}] from start (depth 0 at the scene root); max_depth < 0: no limit.
static func nodes(root: Node, start: Node, max_depth: int = -1) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	_visit(root, start, _depth_of(root, start), max_depth, found)
	return found


## Whether the Scene dock shows node for the scene at root.
static func shows(root: Node, node: Node) -> bool:
	if node == root or node.owner == root:
		return true
	return node.owner != null and root.is_editable_instance(node.owner)


static func _visit(root: Node, node: Node, depth: int, max_depth: int, found: Array[Dictionary]) -> void:
	found.append({"node": node, "depth": depth})
	if max_depth >= 0 and depth >= max_depth:
		return
	for child: Node in node.get_children():
		if shows(root, child):
			_visit(root, child, depth + 1, max_depth, found)


static func _depth_of(root: Node, node: Node) -> int:
	var depth: int = 0
	var current: Node = node
	while current != root and current != null:
		current = current.get_parent()
		depth += 1
	return depth
