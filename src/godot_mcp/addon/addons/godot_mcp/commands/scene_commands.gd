@tool
extends RefCounted
## scene.* commands: the scenes open in the editor and their node trees.

const S := preload("res://addons/godot_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_mcp/contract/pagination.gd")
const DEFAULT_LIMIT := 200


static func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"scene.get_tree",
			get_tree,
			(
				MCPToolkitCommandOptions
				. new()
				. with_description(
					(
						"List the nodes of an open scene in tree order (type, path, script, depth),"
						+ " paginated. Defaults to the active scene."
					)
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"scene": S.string("res:// path of an open scene; the active scene when omitted."),
								"max_depth":
								S.integer("Deepest level to list; the root is depth 0. -1 for no limit.", -1, -1),
								"offset": S.integer("Index of the first node to return.", 0, 0),
								"limit": S.integer("How many nodes to return at most.", DEFAULT_LIMIT, 1),
							}
						)
					)
				)
				. with_output_schema(_tree_schema())
				. mark_read_only()
				. mark_idempotent()
			)
		)
	)


static func get_tree(params: Dictionary) -> Dictionary:
	var root: Node = _open_scene_root(str(params.get("scene", "")))
	if root == null:
		return _scene_missing(str(params.get("scene", "")))
	var nodes: Array[Dictionary] = []
	_collect(root, root, 0, int(params.get("max_depth", -1)), nodes)
	var page: Dictionary = Pagination.list_page(
		nodes, int(params.get("offset", 0)), int(params.get("limit", DEFAULT_LIMIT)), "nodes", "nodes"
	)
	page["scene"] = root.scene_file_path
	page["root_type"] = root.get_class()
	return MCPToolkitSuccess.ok(page)


## The root of the open scene at path, or of the active scene when path is empty.
static func _open_scene_root(path: String) -> Node:
	if path == "":
		return EditorInterface.get_edited_scene_root()
	for root: Node in EditorInterface.get_open_scene_roots():
		if root.scene_file_path == path:
			return root
	return null


static func _scene_missing(path: String) -> Dictionary:
	if path == "":
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	return MCPToolkitError.fail("SCENE_NOT_OPEN", "The scene '%s' is not open in the editor." % path)


static func _collect(node: Node, root: Node, depth: int, max_depth: int, out: Array[Dictionary]) -> void:
	out.append(_describe(node, root, depth))
	if max_depth >= 0 and depth >= max_depth:
		return
	for child: Node in node.get_children():
		if child.owner == root or child == root:
			_collect(child, root, depth + 1, max_depth, out)


static func _describe(node: Node, root: Node, depth: int) -> Dictionary:
	var script: Script = node.get_script() as Script
	return {
		"path": str(root.get_path_to(node)),
		"name": str(node.name),
		"type": node.get_class(),
		"script": script.resource_path if script != null else "",
		"depth": depth,
		"child_count": node.get_child_count(),
	}


static func _tree_schema() -> Dictionary:
	var node: Dictionary = (
		S
		. object(
			{
				"path": S.string("Path relative to the scene root ('.' is the root)."),
				"name": S.string(),
				"type": S.string(),
				"script": S.string(),
				"depth": S.integer(),
				"child_count": S.integer(),
			},
			["path", "name", "type"],
			true
		)
	)
	var fields: Dictionary = S.page_fields("nodes", "offset")
	fields.merge({"scene": S.string(), "root_type": S.string(), "nodes": S.array(node)})
	return S.object(fields, ["nodes", "has_more", "total_nodes", "returned"], true)
