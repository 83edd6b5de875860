@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.pause / resume / step / step_until / set_time_scale: the game's clock.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const StepRunner := preload("res://addons/godot_live_mcp/runtime/step_runner.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
const CLOCK := [
	{"paused!": "boolean"},
	{"game_frame!": "integer: Physics frames the game has processed since it started (paused ones excluded)."},
	{"engine_physics_frame": "integer", "time_scale": "number"},
	{"frames_stepped": "integer", "condition_met": "boolean"},
]
const COMMANDS := {
	"runtime.pause": {"text": "Pause the running game (its tree); the runtime tools keep answering.", "returns": CLOCK},
	"runtime.resume": {"text": "Resume the paused game at normal speed (ends any step in progress).", "returns": CLOCK},
	"runtime.step":
	{
		"text":
		(
			"Advance the game by exactly `frames` physics frames, then leave it paused and report."
			+ " From the same state, the same steps give the same result."
		),
		"args": {"frames!": "integer[1..100000]=1: Physics frames to run."},
		"returns": CLOCK,
		"timeout_ms": StepRunner.COMMAND_TIMEOUT_MS,
	},
	"runtime.step_until":
	{
		"text":
		(
			"Advance the game frame by frame until a condition holds or max_frames ran, then pause and"
			+ " report how many frames it took. The condition is a GDScript expression evaluated after"
			+ " each frame with the current scene as self, e.g. \"get_node('Player').position.x > 300\"."
		),
		"args":
		{
			"condition!": "string: A GDScript expression that is true when the game should stop.",
			"max_frames": "integer[1..100000]=600: Give up after this many frames.",
		},
		"returns": CLOCK,
		"timeout_ms": StepRunner.COMMAND_TIMEOUT_MS,
	},
	"runtime.set_time_scale":
	{
		"text":
		"Set Engine.time_scale: 1 is normal speed, 0.5 half, 2 double (frames stay the same length in real time).",
		"args": {"scale!": "number[0..100]: The new time scale, from 0 to 100."},
		"returns": CLOCK,
	},
}


func pause(_params: CommandParams) -> Result:
	_state.clock.pause()
	return _report({})


func resume(_params: CommandParams) -> Result:
	_state.clock.resume()
	return _report({})


func step(params: CommandParams) -> Result:
	return await _run_step(params.integer("frames"), Callable())


func step_until(params: CommandParams) -> Result:
	var expression: Expression = Expression.new()
	if expression.parse(params.text("condition")) != OK:
		return Result.fail(
			"PARSE_ERROR",
			"The condition does not parse: %s" % expression.get_error_text(),
			"Write one expression, e.g. \"get_node('Player').position.x > 300\"."
		)
	var failure: Array[String] = []
	var until: Callable = func() -> bool: return _holds(expression, failure)
	var stepped: Result = await _run_step(params.integer("max_frames"), until)
	if not failure.is_empty():
		var after: int = _state.clock.frames_stepped()
		return Result.fail("EXECUTION_ERROR", "The condition failed after frame %d: %s" % [after, failure[0]])
	if stepped.succeeded():
		stepped.value["condition_met"] = _state.clock.condition_met()
	return stepped


func set_time_scale(params: CommandParams) -> Result:
	Engine.time_scale = params.number("scale")
	return _report({})


## Steps and waits (bounded) for the end.
func _run_step(frames: int, until: Callable) -> Result:
	var stepped: Result = await StepRunner.run(_state.clock, frames, until)
	if stepped.failed():
		return stepped
	return _report({"frames_stepped": stepped.value})


func _holds(expression: Expression, failure: Array[String]) -> bool:
	var value: Variant = expression.execute([], RuntimeNodes.scene_root(), false)
	if expression.has_execute_failed():
		failure.append(expression.get_error_text())
		return true
	return bool(value)


func _report(extra: Dictionary) -> Result:
	var report: Dictionary = {
		"paused": _state.clock.is_paused(),
		"game_frame": _state.clock.game_frames,
		"engine_physics_frame": Engine.get_physics_frames(),
		"time_scale": Engine.time_scale,
	}
	report.merge(extra)
	return Result.of(report)
