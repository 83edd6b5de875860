@tool
extends RefCounted
## Finds nodes of an open scene by path relative to its root ("." or "" is the root itself), and
## words the NOT_FOUND error with the closest names so the caller can correct itself.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")

## How many children of the nearest parent a NOT_FOUND hint names.
const LISTED_CHILDREN := 20


## The node at node_path, or null; never a node outside root's own subtree (the editor's interface
## lies just above an edited scene's root).
static func find(root: Node, node_path: String) -> Node:
	var relative: String = _relative(root, node_path)
	if relative == "" or relative == ".":
		return root
	var node: Node = root.get_node_or_null(NodePath(relative))
	return node if node != null and (node == root or root.is_ancestor_of(node)) else null


## True when node_path climbs out of the edited scene with '..' (wherever it would land).
static func leaves_scene(root: Node, node_path: String) -> bool:
	var depth: int = 0
	for part: String in _relative(root, node_path).split("/", false):
		depth += -1 if part == ".." else (0 if part == "." else 1)
		if depth < 0:
			return true
	var node: Node = root.get_node_or_null(NodePath(_relative(root, node_path)))
	return node != null and node != root and not root.is_ancestor_of(node)


## NOT_FOUND for node_path, its hint naming the closest children of the parent the path names;
## INVALID_PARAMS for a path that leaves the scene.
static func missing(root: Node, node_path: String) -> Result:
	if leaves_scene(root, node_path):
		return Result.fail(
			"INVALID_PARAMS",
			(
				"The node path '%s' leads out of the edited scene %s; tools reach only its own nodes."
				% [node_path, root.scene_file_path]
			),
			"Node paths are relative to the scene's root ('.' is the root itself); scene_get_tree lists them."
		)
	var parent_path: String = node_path.get_base_dir() if node_path.contains("/") else "."
	var parent: Node = find(root, parent_path)
	var hint: String = MCPToolkitError.hint_for_param("node_path")
	if parent != null and parent.get_child_count() > 0:
		var names: PackedStringArray = PackedStringArray()
		for child: Node in parent.get_children():
			names.append(str(child.name))
		hint = (
			"%sChildren of '%s': %s. %s"
			% [
				NameSuggestions.did_you_mean(node_path.get_file(), Array(names)),
				parent_path,
				", ".join(names.slice(0, LISTED_CHILDREN)),
				hint,
			]
		)
	return Result.fail("NOT_FOUND", "No node '%s' in %s." % [node_path, root.scene_file_path], hint)


## node (found at node_path) when it is one of classes (or inherits one; any class when empty), else
## INVALID_PARAMS naming its class, the one wanted and where to find one or the tool that makes one.
static func of_class(
	root: Node, node: Node, node_path: String, classes: PackedStringArray, maker: String = "node_create"
) -> Result:
	for wanted: String in classes:
		if node.is_class(wanted):
			return Result.of(node)
	if classes.is_empty():
		return Result.of(node)
	var wanted_text: String = classes[-1]
	if classes.size() > 1:
		wanted_text = "%s or %s" % [", ".join(classes.slice(0, -1)), wanted_text]
	var article: String = "an" if wanted_text.left(1) in ["A", "E", "I", "O", "U"] else "a"
	return Result.fail(
		"INVALID_PARAMS",
		"'%s' is a %s, not %s %s." % [node_path, node.get_class(), article, wanted_text],
		(
			"Pass the path of %s %s (scene_get_tree lists the nodes of %s), or create one with %s."
			% [article, wanted_text, root.scene_file_path, maker if maker != "" else "node_create"]
		)
	)


## node_path relative to root: a leading "/" and the root's own name taken off.
static func _relative(root: Node, node_path: String) -> String:
	var relative: String = node_path.strip_edges().trim_prefix("/")
	if relative == str(root.name):
		return "."
	if relative.begins_with(str(root.name) + "/"):
		relative = relative.substr(str(root.name).length() + 1)
	return relative


## The path of node as tools report it: relative to the scene root, "." for the root.
static func path_of(root: Node, node: Node) -> String:
	return str(root.get_path_to(node))


## The node at path, or NOT_FOUND. With own_only, also INVALID_OPERATION when the scene does not
## store the node's structure (it comes from an instanced or inherited scene); verb words it.
static func require(root: Node, node_path: String, own_only: bool = false, verb: String = "change") -> Result:
	var node: Node = find(root, node_path)
	if node == null:
		return missing(root, node_path)
	if not own_only:
		return Result.of(node)
	if not NodeSubtree.is_own(node, root):
		return Result.fail(
			"INVALID_OPERATION",
			(
				"Cannot %s '%s': it belongs to the instanced scene %s, not to %s."
				% [verb, node_path, node.owner.scene_file_path, root.scene_file_path]
			),
			"Open that scene with scene_open to change its structure."
		)
	var base: String = NodeSubtree.inherited_from(node, root)
	if base != "":
		return Result.fail(
			"INVALID_OPERATION",
			"Cannot %s '%s': %s inherits it from %s." % [verb, node_path, root.scene_file_path, base],
			"Change the structure in %s (scene_open); here you can still set its properties." % base
		)
	return Result.of(node)
