@tool
extends RefCounted
## node.find, node.get_selection, node.select: finding nodes of an open scene, and the editor's
## selection (which the user sees highlighted in the Scene dock). node.find takes the filters and
## answers the rows runtime.find does in the running game.

const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/shared/node_filter.gd")
const NodeListing := preload("res://addons/godot_live_mcp/shared/node_listing.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const GROUP := "node"
const SELECTION := {
	"scene": "string",
	"nodes!": {"@": "array: The selected nodes.", "path!": "string", "name": "string", "type": "string"},
}
const DEFAULTS := {"marks": "read_only idempotent", "guard": ["scene", "script"]}
const COMMANDS := {
	"node.find":
	{
		"text":
		(
			"Find nodes of an open scene by name pattern (* and ?), class (subclasses and script class_name"
			+ " included), group or script path; every filter given must match. Paginated; runtime_find is"
			+ " the same search in the running game."
		),
		"args":
		[
			{"node_path": "@node_path=\".\": Search only below this node ('.' is the root)."},
			NodeFilter.ARGS,
			{"offset": PageArgs.OFFSET % "match", "limit": PageArgs.LIMIT_100 % "matches", "scene": "@scene"},
			NodeListing.ARG,
		],
		"returns": [{"@page": "matches offset", "scene": "string"}, NodeListing.RETURNS],
		"target": "node",
	},
	"node.get_selection":
	{"text": "List the nodes selected in the editor (in the active scene).", "returns": SELECTION},
	"node.select":
	{
		"text":
		(
			"Select nodes in the editor so the user sees them (Scene dock, inspector). With `scene`, that"
			+ " scene becomes the active tab. Selection is not an undo step."
		),
		"args":
		[
			{"node_paths!": "array<string>: Paths of the nodes to select."},
			{"add": "boolean=false: Add to the current selection instead of replacing it.", "scene": "@scene"},
		],
		"returns": SELECTION,
		"marks": "idempotent",
		"guard": ["scene"],
	},
}


static func find(params: CommandParams, target: CommandTarget) -> Result:
	var root: Node = target.root
	var filter: NodeFilter = NodeFilter.from_params(params)
	var entries: Array[NodeListing.Entry] = []
	for entry: Dictionary in SceneWalk.nodes(root, target.node):
		var node: Node = entry["node"]
		if filter.matches(node):
			entries.append(NodeListing.Entry.new(node, NodeLookup.path_of(root, node), entry["depth"]))
	# The scene in the page's own fields: the page is cut to its size cap with them counted.
	return Result.of(NodeListing.page(entries, params, "matches", {"scene": target.scene_path}, root))


static func get_selection(_params: CommandParams) -> Result:
	var active: Result = SceneTarget.require("")
	if active.failed():
		return active
	return _selection(active.value)


static func select(params: CommandParams) -> Result:
	var found: Result = SceneTarget.require(params.text("scene"))
	if found.failed():
		return found
	var target: SceneTarget = found.value
	var nodes: Array[Node] = []
	for path: String in params.strings("node_paths"):
		var node: Result = NodeLookup.require(target.root, path)
		if node.failed():
			return node
		nodes.append(node.value)
	var active: Result = await SceneTabs.activate(target.path)
	if active.failed():
		return active
	var selection: EditorSelection = EditorInterface.get_selection()
	if not params.flag("add"):
		selection.clear()
	for node: Node in nodes:
		selection.add_node(node)
	return _selection(target)


## The nodes of target selected in the editor.
static func _selection(target: SceneTarget) -> Result:
	var rows: Array[Dictionary] = []
	for node: Node in EditorInterface.get_selection().get_selected_nodes():
		if node == target.root or target.root.is_ancestor_of(node):
			rows.append(
				{"path": NodeLookup.path_of(target.root, node), "name": str(node.name), "type": node.get_class()}
			)
	return Result.of({"scene": target.path, "nodes": rows})
