@tool
extends "res://addons/godot_live_mcp/core/editor_module.gd"
## editor.execute: run GDScript in the editor, the way execute_code runs it in the game, with the
## edited scene as `scene`. What the code changes is not recorded in any undo history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CodeRunner := preload("res://addons/godot_live_mcp/runtime/code_runner.gd")

const GROUP := "editor"
const COMMANDS := {
	"editor.execute":
	{
		"text":
		(
			'Run GDScript in the editor and return its value: an expression ("scene.get_child_count()") or a function'
			+ " body (use return); it sees `scene` (the edited scene), `tree`, `root`. Not undoable. It can run OS commands,"
			+ " read and write any file and read every Godot instance's token: offered only with --allow-execute."
		),
		"args": CodeRunner.ARGS,
		"returns": CodeRunner.RETURNS,
		"marks": "destructive open_world",
		"keywords": ["execute", "gdscript", "code", "expression"],
	},
}


func execute(params: CommandParams) -> Result:
	var outcome: Result = await CodeRunner.run(
		params.text("code"), params.text("mode"), _services.editor_log, EditorInterface.get_edited_scene_root()
	)
	return CodeRunner.answer(outcome, "editor_get_log")
