@tool
extends RefCounted
## scene.instantiate: a packed scene added as a child node of an open scene (one undo action).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SceneDependencies := preload("res://addons/godot_live_mcp/authoring/scene_dependencies.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const NodePlacement := preload("res://addons/godot_live_mcp/authoring/node_placement.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const SceneFiles := preload("res://addons/godot_live_mcp/authoring/scene_files.gd")

const GROUP := "scene"
## The values set on the new instance's root (node_create's properties, described for an instance).
const PROPERTIES := [
	PropertyInput.VALUES,
	{"description": "Property values to set on the instance's root: name -> value as JSON or a tagged value."},
]
const COMMANDS := {
	"scene.instantiate":
	{
		"text":
		(
			"Add an instance of a scene file (e.g. an enemy or coin .tscn) as a child node of an open scene;"
			+ " with editable_children its inner nodes can be changed in this scene."
		),
		"args":
		[
			{"path!": "string: res:// path of the .tscn to instance."},
			{"parent": "@node_path: Path of the parent node ('.' is the scene root)."},
			{"name": "string: Name of the new node; defaults to the instanced scene's root name."},
			{"editable_children": "boolean=false: Let this scene change the instance's inner nodes."},
			{"properties": PROPERTIES, "if_exists": "@if_exists", "scene": "@scene"},
		],
		"returns":
		[
			{"scene": "string: The scene the instance was added to."},
			{"node_path!": "string: Path of the new instance node.", "name": "string", "type": "string"},
			{"instance": "string: The instanced scene file.", "status!": "@create_status"},
		],
		"guard": ["path", "scene"],
		"target": "scene",
	},
}


static func instantiate(params: CommandParams, target: CommandTarget) -> Result:
	var path: String = params.text("path")
	var checked: Result = SceneFiles.scene_path(path)
	if checked.succeeded():
		checked = NodeNames.check(params.text("name"), "name", true)
	if checked.succeeded():
		checked = IfExists.read(params)
	if checked.succeeded():
		checked = _loadable(path)
	if checked.failed():
		return checked
	var root: Node = target.root
	if path == root.scene_file_path or SceneDependencies.reaches(path, root.scene_file_path):
		return Result.fail(
			"INVALID_OPERATION",
			"'%s' contains %s already, so instancing it there would make a cycle." % [path, root.scene_file_path],
			"Instance it in another scene, or pick another scene to instance."
		)
	var packed: PackedScene = ResourceLoader.load(path, "PackedScene") as PackedScene
	if packed == null or not packed.can_instantiate():
		return Result.fail("INSTANTIATE_FAILED", "The scene '%s' cannot be instanced." % path)
	var make: Callable = func() -> Node: return packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE)
	var placed: Result = NodePlacement.place_new(root, params, make, params.flag("editable_children"))
	if placed.succeeded():
		placed.value["instance"] = path
	return placed


## path when its scene file exists and every file it needs loads; else NOT_FOUND or LOAD_FAILED.
static func _loadable(path: String) -> Result:
	if not FileAccess.file_exists(path):
		return Result.fail("NOT_FOUND", "No scene file at '%s'." % path, MCPToolkitError.hint_for_param("path"))
	var broken: Array[Dictionary] = SceneDependencies.broken(path)
	if broken.is_empty():
		return Result.of(path)
	return Result.fail(
		"LOAD_FAILED",
		"'%s' cannot be instanced: %s." % [path, SceneDependencies.summary(broken)],
		"Fix or restore those files first (scene_open reports the same list)."
	)
