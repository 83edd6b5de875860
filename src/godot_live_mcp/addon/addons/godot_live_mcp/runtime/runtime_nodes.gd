@tool
extends RefCounted
## Names nodes of the running game (export-clean): a path is relative to the current scene's root
## ("." is the root itself), or absolute from "/root/" to reach autoloads and other top nodes.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")

const HINT := "Use runtime_get_tree (or runtime_find) to list the live node paths, e.g. 'Player' or '/root/GameState'."
## The node_path argument of the runtime commands (schema shorthand).
const NODE_PATH := (
	"string: Path of a live node: relative to the current scene ('.' is its root), e.g. 'Player', or"
	+ " absolute from '/root/' for autoloads, e.g. '/root/GameState'."
)


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


## The node at node_path, or NOT_FOUND naming the children of the deepest existing ancestor, so
## the caller can correct itself.
static func require(node_path: String) -> Result:
	var node: Node = resolve(node_path)
	if node != null:
		return Result.of(node)
	var parent_path: String = node_path.get_base_dir() if node_path.contains("/") else "."
	var parent: Node = resolve(parent_path)
	var hint: String = HINT
	if parent != null and parent.get_child_count() > 0:
		var names: PackedStringArray = PackedStringArray()
		for child: Node in parent.get_children().slice(0, 20):
			names.append(str(child.name))
		hint = (
			"%sChildren of '%s': %s. %s"
			% [NameSuggestions.did_you_mean(node_path.get_file(), Array(names)), parent_path, ", ".join(names), HINT]
		)
	return Result.fail("NOT_FOUND", "The running game has no node '%s'." % node_path, hint)
