@tool
extends RefCounted
## scene.* reads: the scenes open in the editor, the active one, and an open scene's node tree.

const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/shared/node_filter.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeListing := preload("res://addons/godot_live_mcp/shared/node_listing.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const SceneFiles := preload("res://addons/godot_live_mcp/authoring/scene_files.gd")

const GROUP := "scene"
## Whether a tab has unsaved changes (SceneTabs.unsaved_marks()).
const UNSAVED := {
	"type": ["boolean", "null"], "description": "Unsaved changes; null when the editor's tabs cannot be read."
}
const OPEN_SCENES := [
	{"@": "array", "path!": "string", "root_name": "string", "root_type": "string"},
	{"active!": "boolean", "unsaved": UNSAVED},
]
const DEFAULTS := {"marks": "read_only idempotent"}
const COMMANDS := {
	"scene.get_tree":
	{
		"text":
		(
			"List the nodes of an open scene in tree order, paginated; filter by class, group or name pattern"
			+ " to find nodes. Defaults to the active scene."
		),
		"args":
		[
			{"scene": "@scene", "offset": PageArgs.OFFSET % "node"},
			{"max_depth": "integer[-1..]=-1: Deepest level to list; the root is depth 0. -1 for no limit."},
			{"limit": PageArgs.LIMIT_200 % "nodes"},
			NodeFilter.ARGS,
			NodeListing.ARG,
		],
		"returns": [{"@page": "nodes offset", "scene": "string", "root_type": "string"}, NodeListing.RETURNS],
		"target": "scene",
	},
	"scene.list_open":
	{
		"text": "List the scenes open in editor tabs: path, root node, which is active, unsaved changes.",
		"returns": {"scenes!": OPEN_SCENES, "active": "string", "count": "integer"},
		"marks": "read_only idempotent scene_independent",
	},
	"scene.get_current":
	{
		"text": "Tell which scene is in the active editor tab (the one tools act on without `scene`).",
		"returns":
		[
			{"scene!": "string: res:// path of the active scene; '' when none is open."},
			{"open!": "boolean", "root_name": "string", "root_type": "string"},
			{"unsaved": UNSAVED, "node_count": "integer", "inherits": SceneFiles.INHERITS},
		],
	},
}


static func get_tree(params: CommandParams, target: CommandTarget) -> Result:
	var filter: NodeFilter = NodeFilter.from_params(params)
	var entries: Array[NodeListing.Entry] = []
	for entry: Dictionary in SceneWalk.nodes(target.root, target.root, params.integer("max_depth")):
		var node: Node = entry["node"]
		if filter.matches(node):
			entries.append(NodeListing.Entry.new(node, NodeLookup.path_of(target.root, node), entry["depth"]))
	# The scene in the page's own fields: the page is cut to its size cap with them counted.
	var fields: Dictionary = {"scene": target.scene_path, "root_type": target.root.get_class()}
	return Result.of(NodeListing.page(entries, params, "nodes", fields, target.root))


static func list_open(_params: CommandParams) -> Result:
	var marks: Dictionary = await SceneTabs.unsaved_marks()
	var active: String = SceneTabs.active_path()
	var scenes: Array[Dictionary] = []
	for root: Node in EditorInterface.get_open_scene_roots():
		var row: Dictionary = _root_row(root, marks)
		row["path"] = root.scene_file_path
		row["active"] = root.scene_file_path == active
		scenes.append(row)
	return Result.of({"scenes": scenes, "active": active, "count": scenes.size()})


static func get_current(_params: CommandParams) -> Result:
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null:
		var hint: String = "No scene is open; open one with scene_open or create one with scene_create."
		return Result.of({"scene": "", "open": false, "hint": hint})
	var row: Dictionary = _root_row(root, await SceneTabs.unsaved_marks())
	row["scene"] = root.scene_file_path
	row["open"] = true
	row["node_count"] = SceneWalk.nodes(root, root).size()
	row["inherits"] = SceneFiles.inherited_from(root.scene_file_path)
	return Result.of(row)


## An open scene's root as the scene listings show it; marks from SceneTabs.unsaved_marks().
static func _root_row(root: Node, marks: Dictionary) -> Dictionary:
	return {"root_name": str(root.name), "root_type": root.get_class(), "unsaved": marks.get(root.scene_file_path)}
