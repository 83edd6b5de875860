@tool
extends RefCounted
## scene.instantiate: a packed scene added as a child node of an open scene (one undo action).

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const SceneCommands := preload("res://addons/godot_live_mcp/commands/scene_commands.gd")
const SceneFileCommands := preload("res://addons/godot_live_mcp/commands/scene_file_commands.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const NodeCommands := preload("res://addons/godot_live_mcp/commands/node_commands.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneDependencies := preload("res://addons/godot_live_mcp/authoring/scene_dependencies.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"scene.instantiate",
			instantiate,
			(
				SceneCommands
				. options(
					(
						"Add an instance of a scene file (e.g. an enemy or coin .tscn) as a child node of an open scene;"
						+ " with editable_children its inner nodes can be changed in this scene."
					),
					{
						"path": S.string("res:// path of the .tscn to instance."),
						"parent": S.node_path("Path of the parent node ('.' is the scene root)."),
						"name": S.string("Name of the new node; defaults to the instanced scene's root name."),
						"editable_children": S.boolean("Let this scene change the instance's inner nodes.", false),
						"properties": S.object({}, [], true),
						"if_exists": S.if_exists(),
						"scene": S.scene(),
					},
					["path"]
				)
				. with_output_schema(_instance_schema())
				. guard_project_path("path")
				. guard_project_path("scene")
			)
		)
	)


static func instantiate(params: Dictionary) -> Dictionary:
	var path: String = str(params["path"])
	var refused: Dictionary = SceneFileCommands.scene_path_problem(path)
	if refused.is_empty():
		refused = NodeNames.problem(str(params.get("name", "")), "name", true)
	if refused.is_empty() and IfExists.policy(params) == "":
		refused = IfExists.invalid(params)
	if refused.is_empty():
		refused = _unloadable(path)
	if not refused.is_empty():
		return refused
	return await SceneEdit.run(params, _instantiate_in.bind(params, path))


static func _instantiate_in(root: Node, params: Dictionary, path: String) -> Dictionary:
	if path == root.scene_file_path or SceneDependencies.reaches(path, root.scene_file_path):
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			"'%s' contains %s already, so instancing it there would make a cycle." % [path, root.scene_file_path],
			"Instance it in another scene, or pick another scene to instance."
		)
	var packed: PackedScene = ResourceLoader.load(path, "PackedScene") as PackedScene
	if packed == null or not packed.can_instantiate():
		return MCPToolkitError.fail("INSTANTIATE_FAILED", "The scene '%s' cannot be instanced." % path)
	var make: Callable = func() -> Node: return packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE)
	var editable: bool = bool(params.get("editable_children", false))
	var result: Dictionary = NodeCommands.place_new(root, CommandParams.new(params), make, editable).to_envelope()
	if bool(result.get("success", false)):
		result["instance"] = path
	return result


static func _unloadable(path: String) -> Dictionary:
	if not FileAccess.file_exists(path):
		return MCPToolkitError.fail(
			"NOT_FOUND", "No scene file at '%s'." % path, MCPToolkitError.hint_for_param("path")
		)
	var broken: Array[Dictionary] = SceneDependencies.broken(path)
	if broken.is_empty():
		return {}
	return MCPToolkitError.fail(
		"LOAD_FAILED",
		"'%s' cannot be instanced: %s." % [path, SceneDependencies.summary(broken)],
		"Fix or restore those files first (scene_open reports the same list)."
	)


static func _instance_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"scene": S.string("The scene the instance was added to."),
				"node_path": S.string("Path of the new instance node."),
				"name": S.string(),
				"type": S.string(),
				"instance": S.string("The instanced scene file."),
				"status": S.create_status(),
			},
			["node_path", "status"],
			true
		)
	)
