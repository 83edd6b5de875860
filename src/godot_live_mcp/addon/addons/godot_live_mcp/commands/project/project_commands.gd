@tool
extends RefCounted
## project.get_info: the project's identity, main scene, autoloads and input actions.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ProjectIdentity := preload("res://addons/godot_live_mcp/instances/project_identity.gd")
const InputActionSetting := preload("res://addons/godot_live_mcp/authoring/input_action_setting.gd")
const Autoloads := preload("res://addons/godot_live_mcp/authoring/autoloads.gd")

const GROUP := "project"
const COMMANDS := {
	"project.get_info":
	{
		"text": "Describe the project: name, path, main scene, features, autoloads and input actions.",
		"returns":
		{
			"name!": "string: The project's name (application/config/name).",
			"path!": "string: Absolute path of the project folder.",
			"main_scene": "string: res:// path of the scene the game starts with ('' when none).",
			"features": "array<string>: The project's feature tags (application/config/features).",
			"autoloads": Autoloads.ROWS,
			"input_actions": "array<string>: Actions declared in the project (built-in ui_* actions excluded).",
		},
		"marks": "read_only idempotent scene_independent",
	},
}


static func get_info(_params: CommandParams) -> Result:
	var info: Dictionary = {
		"name": ProjectIdentity.project_name(),
		"path": ProjectIdentity.project_path(),
		"main_scene": str(ProjectSettings.get_setting("application/run/main_scene", "")),
		"features": Array(ProjectSettings.get_setting("application/config/features", PackedStringArray())),
		"autoloads": Autoloads.rows(),
		"input_actions": InputActionSetting.names(false),
	}
	return Result.of(info)
