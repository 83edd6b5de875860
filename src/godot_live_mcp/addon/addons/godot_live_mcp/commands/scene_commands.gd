@tool
extends RefCounted
## scene.* reads: the scenes open in the editor, the active one, and an open scene's node tree.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/authoring/node_filter.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")

const DEFAULT_LIMIT := 200
const GROUP := "scene"
const GROUP_TEXT := "Scenes open in the editor: create, open, save, close, list and read their node trees."
const KEYWORDS: Array[String] = ["scene", "tscn", "tab", "tree", "open", "save"]


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"scene.get_tree",
		get_tree,
		(
			options(
				(
					"List the nodes of an open scene in tree order (type, path, script, depth, instanced scene),"
					+ " paginated; filter by class, group or name pattern to find nodes. Defaults to the active scene."
				),
				_tree_params()
			)
			. with_output_schema(_tree_schema())
			. mark_read_only()
			. mark_idempotent()
		)
	)
	registry.add(
		"scene.list_open",
		list_open,
		(
			options("List the scenes open in editor tabs: path, root node, which is active, unsaved changes.", {})
			. with_output_schema(_open_schema())
			. mark_read_only()
			. mark_idempotent()
			. mark_scene_independent()
		)
	)
	registry.add(
		"scene.get_current",
		get_current,
		(
			options("Tell which scene is in the active editor tab (the one tools act on without `scene`).", {})
			. with_output_schema(_current_schema())
			. mark_read_only()
			. mark_idempotent()
		)
	)


## Options every scene.* command starts from: description, input schema, group.
static func options(description: String, params: Dictionary, required: Array = []) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_input_schema(S.object(params, required))
		. with_group(GROUP, GROUP_TEXT, KEYWORDS)
	)


static func get_tree(params: Dictionary) -> Dictionary:
	var target: SceneTarget = SceneTarget.resolve(params)
	if target.failed():
		return target.error
	var filter: NodeFilter = NodeFilter.from_params(params)
	var rows: Array[Dictionary] = []
	for entry: Dictionary in SceneWalk.nodes(target.root, target.root, int(params.get("max_depth", -1))):
		if filter.matches(entry["node"]):
			rows.append(describe(target.root, entry["node"], entry["depth"]))
	var page: Dictionary = Pagination.list_page(
		rows, int(params.get("offset", 0)), int(params.get("limit", DEFAULT_LIMIT)), "nodes", "nodes"
	)
	page["scene"] = target.path
	page["root_type"] = target.root.get_class()
	return MCPToolkitSuccess.ok(page)


static func list_open(_params: Dictionary) -> Dictionary:
	var marks: Dictionary = await SceneTabs.unsaved_marks()
	var active: String = SceneTabs.active_path()
	var scenes: Array[Dictionary] = []
	for root: Node in EditorInterface.get_open_scene_roots():
		var path: String = root.scene_file_path
		(
			scenes
			. append(
				{
					"path": path,
					"root_name": str(root.name),
					"root_type": root.get_class(),
					"active": path == active,
					"unsaved": marks.get(path),
				}
			)
		)
	return MCPToolkitSuccess.ok({"scenes": scenes, "active": active, "count": scenes.size()})


static func get_current(_params: Dictionary) -> Dictionary:
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null:
		return MCPToolkitSuccess.ok(
			{
				"scene": "",
				"open": false,
				"hint": "No scene is open; open one with scene_open or create one with scene_create."
			}
		)
	var marks: Dictionary = await SceneTabs.unsaved_marks()
	return (
		MCPToolkitSuccess
		. ok(
			{
				"scene": root.scene_file_path,
				"open": true,
				"root_name": str(root.name),
				"root_type": root.get_class(),
				"unsaved": marks.get(root.scene_file_path),
				"node_count": SceneWalk.nodes(root, root).size(),
				"inherits": inherited_from(root.scene_file_path),
			}
		)
	)


## How a node is listed: path relative to the root, class, script, depth, and the scene it instances.
static func describe(root: Node, node: Node, depth: int) -> Dictionary:
	var row: Dictionary = {
		"path": NodeLookup.path_of(root, node),
		"name": str(node.name),
		"type": node.get_class(),
		"script": NodeFilter.script_of(node),
		"depth": depth,
		"child_count": node.get_child_count(),
	}
	if node != root and node.scene_file_path != "":
		row["instance"] = node.scene_file_path
		row["editable_children"] = root.is_editable_instance(node)
	return row


## The scene the file at path inherits from, "" when it inherits none (or cannot be read).
static func inherited_from(path: String) -> String:
	if path == "" or not ResourceLoader.exists(path, "PackedScene"):
		return ""
	var packed: PackedScene = ResourceLoader.load(path, "PackedScene") as PackedScene
	if packed == null:
		return ""
	var base: SceneState = packed.get_state().get_base_scene_state()
	return base.get_path() if base != null else ""


static func _tree_params() -> Dictionary:
	return {
		"scene": S.scene(),
		"max_depth": S.integer("Deepest level to list; the root is depth 0. -1 for no limit.", -1, -1),
		"type": S.string("Keep nodes of this class (subclasses included) or script class_name."),
		"group": S.string("Keep nodes in this group."),
		"name": S.string("Keep nodes whose name matches this pattern (case-insensitive; * and ? wildcards)."),
		"offset": S.integer("Index of the first node to return.", 0, 0),
		"limit": S.integer("How many nodes to return at most.", DEFAULT_LIMIT, 1),
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
				"instance": S.string("The scene this node instances."),
				"editable_children": S.boolean(),
			},
			["path", "name", "type"],
			true
		)
	)
	return S.page("nodes", "offset", {"scene": S.string(), "root_type": S.string(), "nodes": S.array(node)}, ["nodes"])


static func _open_schema() -> Dictionary:
	var scene: Dictionary = (
		S
		. object(
			{
				"path": S.string(),
				"root_name": S.string(),
				"root_type": S.string(),
				"active": S.boolean(),
				"unsaved": _nullable_boolean("Unsaved changes; null when the editor's tabs cannot be read."),
			},
			["path", "active"],
			true
		)
	)
	return S.object({"scenes": S.array(scene), "active": S.string(), "count": S.integer()}, ["scenes"], true)


static func _current_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"scene": S.string("res:// path of the active scene; '' when none is open."),
				"open": S.boolean(),
				"root_name": S.string(),
				"root_type": S.string(),
				"unsaved": _nullable_boolean(),
				"node_count": S.integer(),
				"inherits": S.string("The scene this one inherits from, or ''."),
			},
			["scene", "open"],
			true
		)
	)


static func _nullable_boolean(description: String = "") -> Dictionary:
	var schema: Dictionary = {"type": ["boolean", "null"]}
	if description != "":
		schema["description"] = description
	return schema
