@tool
extends RefCounted
## execute.code: run GDScript inside the running game.

const S := preload("res://addons/godot_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_mcp/runtime/runtime_options.gd")
const RuntimeState := preload("res://addons/godot_mcp/runtime/runtime_state.gd")
const RuntimeNodes := preload("res://addons/godot_mcp/runtime/runtime_nodes.gd")
const CodeRunner := preload("res://addons/godot_mcp/runtime/code_runner.gd")
const Coercion := preload("res://addons/godot_mcp/contract/coercion.gd")

var _state: RuntimeState


func _init(state: RuntimeState) -> void:
	_state = state


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
				. with_input_schema(
					(
						S
						. object(
							{
								"code": S.string("An expression, or statements with `return` for a value."),
								"mode":
								S.enum_of(
									["auto", "expression", "body"], "How to read the code (auto: by its shape).", "auto"
								),
							},
							["code"]
						)
					)
				)
				. with_output_schema(
					S.object(
						{
							"value": S.any("The result, as JSON (engine types tagged)."),
							"type": S.string(),
							"mode": S.string()
						},
						[],
						true
					)
				)
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
	if not outcome["ok"]:
		var line: int = int(outcome["line"])
		var where: String = " (line %d)" % line if line > 0 else ""
		return MCPToolkitError.fail(
			outcome["code"],
			"%s%s" % [outcome["message"], where],
			(
				"Fix the code and run it again; runtime_get_log shows the full error."
				if outcome["code"] == "EXECUTION_ERROR"
				else "Check the syntax at that line; indent blocks with tabs or spaces consistently."
			)
		)
	return MCPToolkitSuccess.ok(
		{
			"value": Coercion.to_json(outcome["value"]),
			"type": type_string(typeof(outcome["value"])),
			"mode": outcome["mode"]
		}
	)
