@tool
extends RefCounted
## editor.* commands: what this editor is and what it has open.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const InstanceIdentity := preload("res://addons/godot_live_mcp/instances/instance_identity.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
## The editor group's description, shared by every editor.* module.
const GROUP_TEXT := "The editor itself: its state, undo history, saving, waiting for imports, its log, running code."


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"editor.get_info",
		get_info,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"Describe the connected Godot editor: engine and addon versions, the project,"
					+ " whether it runs headless, and the open scenes."
				)
			)
			. with_input_schema(S.object({}))
			. with_output_schema(_info_schema())
			. with_group("editor", GROUP_TEXT, ["editor", "version", "info"])
			. mark_read_only()
			. mark_idempotent()
			. mark_scene_independent()
		)
	)


static func get_info(_params: Dictionary) -> Dictionary:
	var info: Dictionary = InstanceIdentity.describe()
	(
		info
		. merge(
			{
				"display_server": DisplayServer.get_name(),
				"open_scenes": Array(EditorInterface.get_open_scenes()),
				"current_scene": SceneTabs.active_path(),
				"editor_pid": OS.get_process_id(),
			}
		)
	)
	return MCPToolkitSuccess.ok(info)


static func _info_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"protocol_version": S.integer("The wire protocol version the addon speaks."),
				"godot_version": S.string("major.minor.patch"),
				"godot_version_full": S.string(),
				"plugin_version": S.string(),
				"headless": S.boolean(),
				"display_server": S.string(),
				"project_name": S.string(),
				"project_path": S.string("Absolute path of the project folder."),
				"open_scenes": S.array(S.string(), "res:// paths of the scenes open in the editor."),
				"current_scene": S.string("res:// path of the active scene tab, or '' when none."),
				"editor_pid": S.integer(),
			},
			[],
			true
		)
	)
