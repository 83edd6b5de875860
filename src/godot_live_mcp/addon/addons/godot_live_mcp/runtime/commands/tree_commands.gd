@tool
extends RefCounted
## runtime.get_tree and runtime.find: the live node tree of the running game.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/authoring/node_filter.gd")

const DEFAULT_LIMIT := 200
## The runtime server's own node is not part of the game.
const HIDDEN := [&"MCPRuntimeServer"]


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"runtime.get_tree",
		get_tree,
		(
			Options
			. reading(
				"runtime.get_tree",
				(
					"List the running game's live nodes in tree order (path, type, script, groups), paginated. Starts"
					+ " at the current scene; pass root '/root' to include autoloads. Filters narrow the list."
				)
			)
			. with_input_schema(_tree_input())
			. with_output_schema(_page_schema())
		)
	)
	registry.add(
		"runtime.find",
		find,
		(
			Options
			. reading(
				"runtime.find",
				(
					"Find live nodes of the running game by name pattern (* and ? wildcards), class (subclasses"
					+ " included) and/or group, anywhere under root; paginated."
				)
			)
			. with_input_schema(_find_input())
			. with_output_schema(_page_schema())
		)
	)


static func get_tree(params: Dictionary) -> Dictionary:
	var start: Variant = _start_node(params)
	if start is Dictionary:
		return start
	var nodes: Array[Dictionary] = []
	_walk(start, 0, int(params.get("max_depth", -1)), _filter(params), nodes)
	return _page(nodes, params)


static func find(params: Dictionary) -> Dictionary:
	var filter: NodeFilter = _filter(params)
	if filter.name_pattern == "" and filter.type == "" and filter.group == "":
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "Give at least one of name, class_name or group.", 'Example: {"class_name": "Area2D"}.'
		)
	var start: Variant = _start_node(params)
	if start is Dictionary:
		return start
	var nodes: Array[Dictionary] = []
	_walk(start, 0, -1, filter, nodes)
	return _page(nodes, params)


## The name, class_name and group filters, as given (no script filter here).
static func _filter(params: Dictionary) -> NodeFilter:
	var filter: NodeFilter = NodeFilter.new()
	filter.name_pattern = str(params.get("name", ""))
	filter.type = str(params.get("class_name", ""))
	filter.group = str(params.get("group", ""))
	return filter


static func _start_node(params: Dictionary) -> Variant:
	var root_path: String = str(params.get("root", "."))
	var start: Node = RuntimeNodes.resolve(root_path)
	if start == null:
		if RuntimeNodes.scene_root() == null and not root_path.begins_with("/root"):
			return MCPToolkitError.fail("INVALID_STATE", "The game has no current scene.", "Pass root '/root'.")
		return RuntimeNodes.not_found(root_path)
	return start


static func _walk(node: Node, depth: int, max_depth: int, filter: NodeFilter, out: Array[Dictionary]) -> void:
	if node.name in HIDDEN:
		return
	if filter.matches(node):
		out.append(_describe(node, depth))
	if max_depth >= 0 and depth >= max_depth:
		return
	for child: Node in node.get_children():
		_walk(child, depth + 1, max_depth, filter, out)


static func _describe(node: Node, depth: int) -> Dictionary:
	var groups: Array[String] = []
	for group: StringName in node.get_groups():
		if not str(group).begins_with("_"):
			groups.append(str(group))
	return {
		"path": RuntimeNodes.path_of(node),
		"name": str(node.name),
		"type": node.get_class(),
		"script": NodeFilter.script_of(node),
		"groups": groups,
		"depth": depth,
		"child_count": node.get_child_count(),
	}


static func _page(nodes: Array[Dictionary], params: Dictionary) -> Dictionary:
	var page: Dictionary = Pagination.list_page(
		nodes, int(params.get("offset", 0)), int(params.get("limit", DEFAULT_LIMIT)), "nodes", "nodes"
	)
	var root: Node = RuntimeNodes.scene_root()
	page["current_scene"] = root.scene_file_path if root != null else ""
	return MCPToolkitSuccess.ok(page)


static func _tree_input() -> Dictionary:
	return (
		S
		. object(
			{
				"root": S.string("Where to start: a node path ('.' = current scene, the default) or '/root'.", "."),
				"max_depth": S.integer("Deepest level to list below root (root is 0); -1 for no limit.", -1, -1),
				"name": S.string("Keep only nodes whose name matches this pattern (* and ? wildcards)."),
				"class_name": S.string("Keep only nodes of this class or a subclass (engine or script class_name)."),
				"group": S.string("Keep only nodes in this group."),
				"offset": S.integer("Index of the first node to return.", 0, 0),
				"limit": S.integer("How many nodes to return at most.", DEFAULT_LIMIT, 1),
			}
		)
	)


static func _find_input() -> Dictionary:
	var schema: Dictionary = _tree_input()
	(schema["properties"] as Dictionary).erase("max_depth")
	return schema


static func _page_schema() -> Dictionary:
	var node: Dictionary = (
		S
		. object(
			{
				"path": S.string("Relative to the current scene ('.' is its root), or absolute from /root."),
				"name": S.string(),
				"type": S.string(),
				"script": S.string(),
				"groups": S.array(S.string()),
				"depth": S.integer(),
				"child_count": S.integer(),
			},
			["path", "name", "type"],
			true
		)
	)
	return S.page(
		"nodes",
		"offset",
		{"current_scene": S.string("res:// path of the game's current scene."), "nodes": S.array(node)},
		["nodes"]
	)
