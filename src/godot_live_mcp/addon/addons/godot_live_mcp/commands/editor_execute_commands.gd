@tool
extends RefCounted
## editor.execute: run GDScript in the editor, the way execute_code runs it in the game, with the
## edited scene as `scene`. What the code changes is not recorded in any undo history.

const CodeRunner := preload("res://addons/godot_live_mcp/runtime/code_runner.gd")
const EditorLog := preload("res://addons/godot_live_mcp/diagnostics/editor_log.gd")
const EditorCommands := preload("res://addons/godot_live_mcp/commands/editor_commands.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"editor.execute",
		execute,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					'Run GDScript in the editor and return the value: one expression (e.g. "scene.get_child_count()")'
					+ " or the body of a function (use return). The code sees `scene` (the edited scene's root),"
					+ " `tree` and `root` (the editor's). Its changes are not undoable. Compile errors come back with"
					+ " line numbers."
				)
			)
			. with_input_schema(CodeRunner.input_schema())
			. with_output_schema(CodeRunner.output_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["execute", "gdscript", "code", "expression"])
			. mark_destructive()
		)
	)


static func execute(params: Dictionary) -> Dictionary:
	var missing: Variant = MCPToolkitError.require(params, ["code"])
	if missing != null:
		return missing
	var outcome: Dictionary = await CodeRunner.run(
		str(params["code"]),
		str(params.get("mode", "auto")),
		EditorLog.buffer(),
		EditorInterface.get_edited_scene_root()
	)
	return CodeRunner.envelope(outcome, "editor_get_log")
