@tool
extends RefCounted
## editor.get_info: what this editor is and what it has open.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const InstanceIdentity := preload("res://addons/godot_live_mcp/instances/instance_identity.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")

const GROUP := "editor"
const COMMANDS := {
	"editor.get_info":
	{
		"text":
		(
			"Describe the connected Godot editor: engine and addon versions, the project,"
			+ " whether it runs headless, and the open scenes."
		),
		"returns":
		[
			{"protocol_version": "integer: The wire protocol version the addon speaks.", "editor_pid": "integer"},
			{"godot_version": "string: major.minor.patch", "godot_version_full": "string"},
			{"plugin_version": "string", "headless": "boolean", "display_server": "string"},
			{"project_name": "string", "project_path": "string: Absolute path of the project folder."},
			{"open_scenes": "array<string>: res:// paths of the scenes open in the editor."},
			{"current_scene": "string: res:// path of the active scene tab, or '' when none."},
		],
		"marks": "read_only idempotent scene_independent",
	},
}


static func get_info(_params: CommandParams) -> Result:
	var info: Dictionary = InstanceIdentity.describe()
	info["display_server"] = DisplayServer.get_name()
	info["open_scenes"] = Array(EditorInterface.get_open_scenes())
	info["current_scene"] = SceneTabs.active_path()
	info["editor_pid"] = OS.get_process_id()
	return Result.of(info)
