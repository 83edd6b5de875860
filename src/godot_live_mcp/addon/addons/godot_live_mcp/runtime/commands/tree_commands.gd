@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.get_tree and runtime.find: the live node tree of the running game, listed and filtered
## as the editor lists a scene (node_find takes the same filters and answers the same rows).

const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/shared/node_filter.gd")
const NodeListing := preload("res://addons/godot_live_mcp/shared/node_listing.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
const START := {
	"node_path":
	(
		"string=\".\": Where to start: a live node path ('.' is the current scene's root), or '/root' to include"
		+ " autoloads."
	),
}
const PAGE := {"offset": PageArgs.OFFSET % "node", "limit": PageArgs.LIMIT_200 % "nodes"}
const SCENE := {"scene": "string: res:// path of the game's current scene."}
const DEFAULTS := {"marks": "read_only idempotent", "guard": ["script"]}
const COMMANDS := {
	"runtime.get_tree":
	{
		"text":
		(
			"List the running game's live nodes in tree order, paginated. Starts at the current scene;"
			+ " node_path '/root' includes autoloads. Filters narrow the list."
		),
		"args":
		[
			START,
			{"max_depth": "integer[-1..]=-1: Deepest level to list below node_path (it is 0); -1 for no limit."},
			NodeFilter.ARGS,
			PAGE,
			NodeListing.ARG,
		],
		"returns": [SCENE, {"@page": "nodes offset"}, NodeListing.RETURNS],
	},
	"runtime.find":
	{
		"text":
		(
			"Find live nodes of the running game by name pattern (* and ?), class (subclasses and script"
			+ " class_name included), group or script path, anywhere under a node; every filter given must"
			+ " match. Paginated; node_find is the same search in an open scene."
		),
		"args": [START, NodeFilter.ARGS, PAGE, NodeListing.ARG],
		"returns": [SCENE, {"@page": "matches offset"}, NodeListing.RETURNS],
	},
}


static func get_tree(params: CommandParams) -> Result:
	return _listing(params, params.integer("max_depth"), "nodes")


static func find(params: CommandParams) -> Result:
	var filter: NodeFilter = NodeFilter.from_params(params)
	if filter.name_pattern == "" and filter.type == "" and filter.group == "" and filter.script_path == "":
		return Result.fail(
			"INVALID_PARAMS", "Give at least one of name, type, group or script.", 'Example: {"type": "Area2D"}.'
		)
	return _listing(params, -1, "matches")


## The page of nodes under params.node_path that pass the filters, down to max_depth.
static func _listing(params: CommandParams, max_depth: int, unit: String) -> Result:
	var start: Result = _start_node(params.text("node_path"))
	if start.failed():
		return start
	var entries: Array[NodeListing.Entry] = []
	_walk(start.value, 0, max_depth, NodeFilter.from_params(params), entries)
	var root: Node = RuntimeNodes.scene_root()
	var scene: String = root.scene_file_path if root != null else ""
	return Result.of(NodeListing.page(entries, params, unit, {"scene": scene}))


static func _start_node(node_path: String) -> Result:
	if RuntimeNodes.scene_root() == null and not node_path.begins_with("/root"):
		return Result.fail("INVALID_STATE", "The game has no current scene.", "Pass node_path '/root'.")
	return RuntimeNodes.require(node_path)


static func _walk(node: Node, depth: int, max_depth: int, filter: NodeFilter, out: Array[NodeListing.Entry]) -> void:
	if node.name == &"MCPRuntimeServer":
		return  # The runtime server's own node is not part of the game.
	if filter.matches(node):
		out.append(NodeListing.Entry.new(node, RuntimeNodes.path_of(node), depth))
	if max_depth >= 0 and depth >= max_depth:
		return
	for child: Node in node.get_children():
		_walk(child, depth + 1, max_depth, filter, out)
