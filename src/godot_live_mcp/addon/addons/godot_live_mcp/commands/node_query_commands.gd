@tool
extends RefCounted
## node.find, node.get_selection, node.select: finding nodes of an open scene, and the editor's
## selection (which the user sees highlighted in the Scene dock).

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const NodeCommands := preload("res://addons/godot_live_mcp/commands/node_commands.gd")
const SceneCommands := preload("res://addons/godot_live_mcp/commands/scene_commands.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/authoring/node_filter.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")

const DEFAULT_LIMIT := 100


static func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"node.find",
			find,
			(
				NodeCommands
				. options(
					(
						"Find nodes of an open scene by name pattern (* and ?), class (subclasses and script class_name"
						+ " included), group or script path; every filter given must match. Paginated."
					),
					{
						"name": S.string("Name pattern, case-insensitive, e.g. 'Coin*'."),
						"type": S.string("Class, e.g. 'Area2D' (matches subclasses), or a script class_name."),
						"group": S.string("Group the nodes are in."),
						"script": S.string("res:// path of the script the nodes carry."),
						"under": S.node_path("Search only below this node ('.' is the root)."),
						"offset": S.integer("Index of the first match to return.", 0, 0),
						"limit": S.integer("How many matches to return at most.", DEFAULT_LIMIT, 1),
						"scene": S.scene(),
					}
				)
				. with_output_schema(_found_schema())
				. guard_project_path("script")
				. mark_read_only()
				. mark_idempotent()
			)
		)
	)
	registry.add(
		"node.get_selection",
		get_selection,
		(
			NodeCommands
			. options("List the nodes selected in the editor (in the active scene).", {})
			. with_output_schema(_selection_schema())
			. mark_read_only()
			. mark_idempotent()
		)
	)
	(
		registry
		. add(
			"node.select",
			select,
			(
				NodeCommands
				. options(
					(
						"Select nodes in the editor so the user sees them (Scene dock, inspector). With `scene`, that"
						+ " scene becomes the active tab. Selection is not an undo step."
					),
					{
						"node_paths": S.array(S.string(), "Paths of the nodes to select."),
						"add": S.boolean("Add to the current selection instead of replacing it.", false),
						"scene": S.scene(),
					},
					["node_paths"]
				)
				. with_output_schema(_selection_schema())
				. mark_idempotent()
			)
		)
	)


static func find(params: Dictionary) -> Dictionary:
	var target: SceneTarget = SceneTarget.resolve(params)
	if target.failed():
		return target.error
	var under: String = str(params.get("under", "."))
	var start: Node = NodeLookup.find(target.root, under)
	if start == null:
		return NodeLookup.not_found(target.root, under)
	var filter: NodeFilter = NodeFilter.from_params(params)
	var rows: Array[Dictionary] = []
	for entry: Dictionary in SceneWalk.nodes(target.root, start):
		if filter.matches(entry["node"]):
			rows.append(SceneCommands.describe(target.root, entry["node"], entry["depth"]))
	var page: Dictionary = Pagination.list_page(
		rows, int(params.get("offset", 0)), int(params.get("limit", DEFAULT_LIMIT)), "nodes", "matches"
	)
	page["scene"] = target.path
	return MCPToolkitSuccess.ok(page)


static func get_selection(_params: Dictionary) -> Dictionary:
	var active: SceneTarget = SceneTarget.resolve({})
	if active.failed():
		return active.error
	return MCPToolkitSuccess.ok({"scene": active.path, "nodes": _selected_rows(active.root)})


static func select(params: Dictionary) -> Dictionary:
	var target: SceneTarget = SceneTarget.resolve(params)
	if target.failed():
		return target.error
	var nodes: Array[Node] = []
	for path: Variant in params.get("node_paths", []):
		var node: Node = NodeLookup.find(target.root, str(path))
		if node == null:
			return NodeLookup.not_found(target.root, str(path))
		nodes.append(node)
	if not await SceneTabs.switch_to(target.path):
		return MCPToolkitError.fail("EDITOR_BUSY", "The editor did not switch to '%s' in time." % target.path)
	var selection: EditorSelection = EditorInterface.get_selection()
	if not bool(params.get("add", false)):
		selection.clear()
	for node: Node in nodes:
		selection.add_node(node)
	return MCPToolkitSuccess.ok({"scene": target.path, "nodes": _selected_rows(target.root)})


static func _selected_rows(root: Node) -> Array[Dictionary]:
	var rows: Array[Dictionary] = []
	for node: Node in EditorInterface.get_selection().get_selected_nodes():
		if node == root or root.is_ancestor_of(node):
			rows.append({"path": NodeLookup.path_of(root, node), "name": str(node.name), "type": node.get_class()})
	return rows


static func _found_schema() -> Dictionary:
	var row: Dictionary = (
		S
		. object(
			{
				"path": S.string(),
				"name": S.string(),
				"type": S.string(),
				"script": S.string(),
				"depth": S.integer(),
				"instance": S.string(),
			},
			["path", "name", "type"],
			true
		)
	)
	return S.page("matches", "offset", {"scene": S.string(), "nodes": S.array(row)}, ["nodes"])


static func _selection_schema() -> Dictionary:
	var row: Dictionary = S.object({"path": S.string(), "name": S.string(), "type": S.string()}, ["path"], true)
	return S.object({"scene": S.string(), "nodes": S.array(row, "The selected nodes.")}, ["nodes"], true)
