@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## execute.code: run GDScript inside the running game (editor.execute is its twin in the editor).

const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const CodeRunner := preload("res://addons/godot_live_mcp/runtime/code_runner.gd")

const CHANNEL := "runtime"
const GROUP := "execute"
const COMMANDS := {
	"execute.code":
	{
		"text":
		(
			"Run GDScript in the running game and return its value: an expression (\"scene.get_node('Player').position\")"
			+ " or a function body (use return); it sees `scene` (the current scene), `tree`, `root`. It can run OS commands,"
			+ " read and write any file and read every Godot instance's token: offered only with --allow-execute."
		),
		"args": CodeRunner.ARGS,
		"returns": CodeRunner.RETURNS,
		"marks": "destructive open_world",
	},
}


func code(params: CommandParams) -> Result:
	var scene: Node = RuntimeNodes.scene_root()
	var outcome: Result = await CodeRunner.run(params.text("code"), params.text("mode"), _state.log_buffer, scene)
	return CodeRunner.answer(outcome, "runtime_get_log")
