@tool
extends RefCounted
## Names nodes of the running game (export-clean): a path is relative to the current scene's root
## ("." is the root itself), or absolute from "/root/" to reach autoloads and other top nodes.

const HINT := "Use runtime_get_tree (or runtime_find) to list the live node paths, e.g. 'Player' or '/root/GameState'."


## The root of the game's current scene, or null between scenes.
static func scene_root() -> Node:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	return tree.current_scene if tree != null else null


## The node at node_path (see the header), or null.
static func resolve(node_path: String) -> Node:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	var path: String = node_path.strip_edges()
	if path == "/root" or path.begins_with("/root/"):
		return tree.root.get_node_or_null(NodePath(path))
	var root: Node = tree.current_scene
	if root == null:
		return null
	if path == "" or path == "." or path == str(root.name):
		return root
	return root.get_node_or_null(NodePath(path.trim_prefix(str(root.name) + "/")))


## As tools report it: relative to the current scene when inside it, else absolute.
static func path_of(node: Node) -> String:
	var root: Node = scene_root()
	if root != null and (node == root or root.is_ancestor_of(node)):
		return str(root.get_path_to(node))
	return str(node.get_path())


## NOT_FOUND naming the children of the deepest existing ancestor, so the caller can correct itself.
static func not_found(node_path: String) -> Dictionary:
	var parent_path: String = node_path.get_base_dir() if node_path.contains("/") else "."
	var parent: Node = resolve(parent_path)
	var hint: String = HINT
	if parent != null and parent.get_child_count() > 0:
		var names: PackedStringArray = PackedStringArray()
		for child: Node in parent.get_children().slice(0, 20):
			names.append(str(child.name))
		hint = "Children of '%s': %s. %s" % [parent_path, ", ".join(names), HINT]
	return MCPToolkitError.fail("NOT_FOUND", "The running game has no node '%s'." % node_path, hint)


## The node, or the NOT_FOUND envelope (a Dictionary) when it does not exist.
static func require(params: Dictionary) -> Variant:
	var missing: Variant = MCPToolkitError.require(params, ["node_path"])
	if missing != null:
		return missing
	var node: Node = resolve(str(params["node_path"]))
	return node if node != null else not_found(str(params["node_path"]))
