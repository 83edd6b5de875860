@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.pause / resume / step / step_until / set_time_scale: the game's clock.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const StepRunner := preload("res://addons/godot_live_mcp/runtime/step_runner.gd")

const MAX_FRAMES := 100000


func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"runtime.pause",
		pause,
		_clock_options("runtime.pause", "Pause the running game (its tree); the runtime tools keep answering.")
	)
	registry.add(
		"runtime.resume",
		resume,
		_clock_options("runtime.resume", "Resume the paused game at normal speed (ends any step in progress).")
	)
	registry.add(
		"runtime.step",
		step,
		(
			_clock_options(
				"runtime.step",
				(
					"Advance the game by exactly `frames` physics frames, then leave it paused and report."
					+ " From the same state, the same steps give the same result."
				)
			)
			. with_input_schema(S.object({"frames": S.integer("Physics frames to run.", 1, 1)}, ["frames"]))
			. with_timeout_ms(StepRunner.COMMAND_TIMEOUT_MS)
		)
	)
	(
		registry
		. add(
			"runtime.step_until",
			step_until,
			(
				_clock_options(
					"runtime.step_until",
					(
						"Advance the game frame by frame until a condition holds or max_frames ran, then pause and"
						+ " report how many frames it took. The condition is a GDScript expression evaluated after"
						+ " each frame with the current scene as self, e.g. \"get_node('Player').position.x > 300\"."
					)
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"condition": S.string("A GDScript expression that is true when the game should stop."),
								"max_frames": S.integer("Give up after this many frames.", 600, 1),
							},
							["condition"]
						)
					)
				)
				. with_timeout_ms(StepRunner.COMMAND_TIMEOUT_MS)
			)
		)
	)
	(
		registry
		. add(
			"runtime.set_time_scale",
			set_time_scale,
			(
				_clock_options(
					"runtime.set_time_scale",
					"Set Engine.time_scale: 1 is normal speed, 0.5 half, 2 double (frames stay the same length in real time)."
				)
				. with_input_schema(S.object({"scale": S.number("The new time scale, from 0 to 100.")}, ["scale"]))
			)
		)
	)


func pause(_params: Dictionary) -> Dictionary:
	_state.clock.pause()
	return _report({})


func resume(_params: Dictionary) -> Dictionary:
	_state.clock.resume()
	return _report({})


func step(params: Dictionary) -> Dictionary:
	var frames: int = int(params.get("frames", 1))
	if frames < 1 or frames > MAX_FRAMES:
		return MCPToolkitError.fail("INVALID_PARAMS", "frames must be 1-%d, got %d." % [MAX_FRAMES, frames])
	return await _run_step(frames, Callable())


func step_until(params: Dictionary) -> Dictionary:
	var max_frames: int = int(params.get("max_frames", 600))
	if max_frames < 1 or max_frames > MAX_FRAMES:
		return MCPToolkitError.fail("INVALID_PARAMS", "max_frames must be 1-%d, got %d." % [MAX_FRAMES, max_frames])
	var expression: Expression = Expression.new()
	if expression.parse(str(params.get("condition", ""))) != OK:
		return MCPToolkitError.fail(
			"PARSE_ERROR",
			"The condition does not parse: %s" % expression.get_error_text(),
			"Write one expression, e.g. \"get_node('Player').position.x > 300\"."
		)
	var failure: Array[String] = []
	var until: Callable = func() -> bool: return _holds(expression, failure)
	var result: Dictionary = await _run_step(max_frames, until)
	if not failure.is_empty():
		return MCPToolkitError.fail(
			"EXECUTION_ERROR", "The condition failed after frame %d: %s" % [result.get("frames_stepped", 0), failure[0]]
		)
	if result.get("success", false):
		result["condition_met"] = _state.clock.condition_met()
	return result


func set_time_scale(params: Dictionary) -> Dictionary:
	var scale: float = float(params.get("scale", 1.0))
	if scale < 0.0 or scale > 100.0:
		return MCPToolkitError.fail("INVALID_PARAMS", "scale must be 0-100, got %s." % scale)
	Engine.time_scale = scale
	return _report({})


## Steps and waits (bounded) for the end.
func _run_step(frames: int, until: Callable) -> Dictionary:
	var outcome: Dictionary = await StepRunner.run(_state.clock, frames, until)
	if not outcome["ok"]:
		return MCPToolkitError.fail(outcome["code"], outcome["message"], outcome["hint"])
	return _report({"frames_stepped": outcome["frames_stepped"]})


func _holds(expression: Expression, failure: Array[String]) -> bool:
	var value: Variant = expression.execute([], RuntimeNodes.scene_root(), false)
	if expression.has_execute_failed():
		failure.append(expression.get_error_text())
		return true
	return bool(value)


func _report(extra: Dictionary) -> Dictionary:
	var report: Dictionary = {
		"paused": _state.clock.is_paused(),
		"game_frame": _state.clock.game_frames,
		"engine_physics_frame": Engine.get_physics_frames(),
		"time_scale": Engine.time_scale,
	}
	report.merge(extra)
	return MCPToolkitSuccess.ok(report)


static func _clock_options(name: String, description: String) -> MCPToolkitCommandOptions:
	return (
		Options
		. changing(name, description)
		. with_input_schema(S.object({}))
		. with_output_schema(
			(
				S
				. object(
					{
						"paused": S.boolean(),
						"game_frame":
						S.integer("Physics frames the game has processed since it started (paused ones excluded)."),
						"engine_physics_frame": S.integer(),
						"time_scale": S.number(),
						"frames_stepped": S.integer(),
						"condition_met": S.boolean(),
					},
					["paused", "game_frame"],
					true
				)
			)
		)
	)
