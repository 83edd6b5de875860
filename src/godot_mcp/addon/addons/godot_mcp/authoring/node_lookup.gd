@tool
extends RefCounted
## Finds nodes of an open scene by path relative to its root ("." or "" is the root itself), and
## words the NOT_FOUND error with the closest names so the caller can correct itself.


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
