@tool
extends RefCounted
## Finds nodes of an open scene by path relative to its root ("." or "" is the root itself), and
## words the NOT_FOUND error with the closest names so the caller can correct itself.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")


static func find(root: Node, node_path: String) -> Node:
	var relative: String = node_path.strip_edges().trim_prefix("/")
	if relative == "" or relative == "." or relative == str(root.name):
		return root
	if relative.begins_with(str(root.name) + "/"):
		relative = relative.substr(str(root.name).length() + 1)
	return root.get_node_or_null(NodePath(relative))


static func not_found(root: Node, node_path: String) -> Dictionary:
	var parent_path: String = node_path.get_base_dir() if node_path.contains("/") else "."
	var parent: Node = find(root, parent_path)
	var hint: String = MCPToolkitError.hint_for_param("node_path")
	if parent != null and parent.get_child_count() > 0:
		var names: PackedStringArray = PackedStringArray()
		for child: Node in parent.get_children():
			names.append(str(child.name))
		hint = "Children of '%s': %s. %s" % [parent_path, ", ".join(names.slice(0, 20)), hint]
	return MCPToolkitError.fail("NOT_FOUND", "No node '%s' in %s." % [node_path, root.scene_file_path], hint)


## The path of node as tools report it: relative to the scene root, "." for the root.
static func path_of(root: Node, node: Node) -> String:
	return str(root.get_path_to(node))


## The node at path, or NOT_FOUND. With own_only, also INVALID_OPERATION when the scene does not
## store the node's structure (it comes from an instanced or inherited scene); verb words it.
static func require(root: Node, node_path: String, own_only: bool = false, verb: String = "change") -> Result:
	var node: Node = find(root, node_path)
	if node == null:
		return Result.from_envelope(not_found(root, node_path))
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
