@tool
extends RefCounted
## project.* commands: the project's identity and main settings.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const ProjectIdentity := preload("res://addons/godot_live_mcp/instances/project_identity.gd")
const InputActionSetting := preload("res://addons/godot_live_mcp/authoring/input_action_setting.gd")
## The project group's description, shared by every project.* module.
const GROUP_TEXT := "The project's settings (project.godot): name, main scene, display, physics, rendering..."
const KEYWORDS: Array[String] = ["project", "settings", "config", "project.godot"]


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"project.get_info",
		get_info,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description("Describe the project: name, path, main scene, features, autoloads and input actions.")
			. with_input_schema(S.object({}))
			. with_output_schema(_info_schema())
			. with_group("project", GROUP_TEXT, KEYWORDS)
			. mark_read_only()
			. mark_idempotent()
			. mark_scene_independent()
		)
	)


static func get_info(_params: Dictionary) -> Dictionary:
	return (
		MCPToolkitSuccess
		. ok(
			{
				"name": ProjectIdentity.project_name(),
				"path": ProjectIdentity.project_path(),
				"main_scene": str(ProjectSettings.get_setting("application/run/main_scene", "")),
				"features": Array(ProjectSettings.get_setting("application/config/features", PackedStringArray())),
				"autoloads": _autoloads(),
				"input_actions": _input_actions(),
			}
		)
	)


static func _autoloads() -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var key: String = property["name"]
		if key.begins_with("autoload/"):
			var value: String = str(ProjectSettings.get_setting(key))
			found.append(
				{
					"name": key.trim_prefix("autoload/"),
					"path": value.trim_prefix("*"),
					"singleton": value.begins_with("*")
				}
			)
	return found


static func _input_actions() -> Array[String]:
	var found: Array[String] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var key: String = property["name"]
		if key.begins_with("input/") and not InputActionSetting.is_builtin(key.trim_prefix("input/")):
			found.append(key.trim_prefix("input/"))
	return found


static func _info_schema() -> Dictionary:
	var autoload: Dictionary = S.object(
		{"name": S.string(), "path": S.string(), "singleton": S.boolean()}, ["name", "path"], true
	)
	return (
		S
		. object(
			{
				"name": S.string(),
				"path": S.string("Absolute path of the project folder."),
				"main_scene": S.string(),
				"features": S.array(S.string()),
				"autoloads": S.array(autoload),
				"input_actions":
				S.array(S.string(), "Actions declared in the project (built-in ui_* actions excluded)."),
			},
			["name", "path"],
			true
		)
	)
