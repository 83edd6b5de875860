@tool
extends RefCounted
## editor.get_log: the editor's output (prints, warnings, errors) since the plugin started, read
## by cursor so a caller can fetch only what is new since its last call.

const EditorLog := preload("res://addons/godot_live_mcp/diagnostics/editor_log.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")
const LogPage := preload("res://addons/godot_live_mcp/diagnostics/log_page.gd")
const EditorCommands := preload("res://addons/godot_live_mcp/commands/editor_commands.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"editor.get_log",
		get_log,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"Read the Godot editor's output log (prints, warnings, errors, script errors) captured since"
					+ " the MCP plugin started. Without cursor: the newest entries. Pass resume_cursor from the"
					+ " previous call as cursor to get only what was logged since. Use after a change to look for"
					+ " errors the editor reported."
				)
			)
			. with_input_schema(LogPage.input_schema())
			. with_output_schema(LogPage.output_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["log", "output", "errors"])
			. mark_read_only()
			. mark_scene_independent()
		)
	)


static func get_log(params: Dictionary) -> Dictionary:
	var buffer: LogBuffer = EditorLog.buffer()
	if buffer != null:
		return LogPage.read(buffer, params, "editor output", "editor_get_log")
	if not LogBuffer.can_capture():
		return LogPage.unsupported(
			"the editor's output", "read it in the terminal that started Godot (or the editor's Output panel)"
		)
	return MCPToolkitError.fail(
		"LOG_UNAVAILABLE",
		"The editor log is not being captured (the MCP plugin did not start its capture).",
		"Disable and re-enable the godot_live_mcp plugin (Project Settings > Plugins), then retry."
	)
