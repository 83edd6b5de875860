@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## execute.code: run GDScript inside the running game.

const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const CodeRunner := preload("res://addons/godot_live_mcp/runtime/code_runner.gd")


func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"execute.code",
			code,
			(
				Options
				. changing(
					"execute.code",
					(
						"Run GDScript in the running game and return the value: one expression (e.g."
						+ " \"scene.get_node('Player').position\") or the body of a function (use return). The code sees"
						+ " `scene` (the current scene's root), `tree` and `root`. Compile errors come back with line numbers."
					)
				)
				. mark_destructive()
				. with_input_schema(CodeRunner.input_schema())
				. with_output_schema(CodeRunner.output_schema())
			)
		)
	)


func code(params: Dictionary) -> Dictionary:
	var missing: Variant = MCPToolkitError.require(params, ["code"])
	if missing != null:
		return missing
	var outcome: Dictionary = await CodeRunner.run(
		str(params["code"]), str(params.get("mode", "auto")), _state.log_buffer, RuntimeNodes.scene_root()
	)
	return CodeRunner.envelope(outcome, "runtime_get_log")
