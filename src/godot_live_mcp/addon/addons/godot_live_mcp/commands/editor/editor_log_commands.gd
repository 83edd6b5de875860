@tool
extends "res://addons/godot_live_mcp/core/editor_module.gd"
## editor.get_log: the editor's output (prints, warnings, errors) since the plugin started, read
## by cursor so a caller can fetch only what is new since its last call.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")
const LogPage := preload("res://addons/godot_live_mcp/diagnostics/log_page.gd")

const GROUP := "editor"
const COMMANDS := {
	"editor.get_log":
	{
		"text":
		(
			"Read the Godot editor's output log (prints, warnings, errors, script errors) captured since the MCP plugin"
			+ " started. Without cursor: the newest entries. Pass resume_cursor from the previous call as cursor to get"
			+ " only what was logged since. Use after a change to look for errors the editor reported."
		),
		"args": LogPage.ARGS,
		"returns": LogPage.RETURNS,
		"marks": "read_only scene_independent",
		"keywords": ["output", "errors"],
	},
}


func get_log(params: CommandParams) -> Result:
	var buffer: LogBuffer = _services.editor_log
	if buffer != null:
		return LogPage.read(buffer, params.raw, "editor_get_log")
	if not LogBuffer.can_capture():
		return LogPage.unsupported(
			"the editor's output", "read it in the terminal that started Godot (or the editor's Output panel)"
		)
	return Result.fail(
		"LOG_UNAVAILABLE",
		"The editor log is not being captured (the MCP plugin did not start its capture).",
		"Disable and re-enable the godot_live_mcp plugin (Project Settings > Plugins), then retry."
	)
