@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.pause / resume / step / step_until / set_time_scale: the game's clock.

const StepRunner := preload("res://addons/godot_live_mcp/runtime/step_runner.gd")
const StepCondition := preload("res://addons/godot_live_mcp/runtime/step_condition.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
## A step result lists at most this many sound events, the first ones (a shooter's 600 frames make hundreds).
const AUDIO_SHOWN := 30
const CLOCK := [
	{"paused!": "boolean"},
	{"game_frame!": "integer: Physics frames the game has processed since it started (paused ones excluded)."},
	{"engine_physics_frame": "integer", "time_scale": "number"},
	{"speed": "number: Times real time the game runs when not stepping (0: as fast as it can)."},
	{"frames_stepped": "integer", "condition_met": "boolean"},
	{"audio": "array<object>: Sounds started, finished or stopped in the step, if any: frame, event, node, stream."},
	{"audio_more": "integer: Sound events left out after the first %d." % AUDIO_SHOWN},
]
const COMMANDS := {
	"runtime.pause": {"text": "Pause the running game (its tree); the runtime tools keep answering.", "returns": CLOCK},
	"runtime.resume":
	{
		"text": "Let the paused game run on (ends a step in progress); speed runs the same frames faster.",
		"args": {"speed": "number[0..1000]=1: Times real time (0: flat out); for a game game_start ran."},
		"returns": CLOCK,
	},
	"runtime.step":
	{
		"text":
		(
			"Advance the game by exactly `frames` physics frames as fast as the machine allows (600 frames"
			+ " of a small level take a fraction of a second), then leave it paused and report."
			+ " From the same state, the same steps give the same result; sounds keep pace with the frames."
		),
		"args": {"frames!": "integer[1..100000]=1: Physics frames to run."},
		"returns": CLOCK,
		"timeout_ms": StepRunner.COMMAND_TIMEOUT_MS,
		"marks": "cancellable long_running",
	},
	"runtime.step_until":
	{
		"text":
		(
			"Advance the game frame by frame, as fast as the machine allows, until a condition holds or max_frames ran,"
			+ " then pause and report the frames it took. The condition is a read-only expression checked after each"
			+ " frame: nodes ($Player), properties (position.x), autoloads, groups, and/or/not, a few safe methods"
			+ """ (is_on_floor()...), e.g. "$Player.position.x > 300". Other calls are refused: execute_code runs code."""
		),
		"args":
		{
			"condition!": "string: A read-only condition that is true when the game should stop.",
			"max_frames": "integer[1..100000]=600: Give up after this many frames.",
		},
		"returns": CLOCK,
		"timeout_ms": StepRunner.COMMAND_TIMEOUT_MS,
		"marks": "cancellable long_running",
	},
	"runtime.set_time_scale":
	{
		"text": "Set Engine.time_scale (1 normal, 0.5 half): it changes each frame's delta, so physics too.",
		"args": {"scale!": "number[0..100]: The new time scale, from 0 to 100."},
		"returns": CLOCK,
	},
}


func pause(_params: CommandParams) -> Result:
	_state.clock.pause()
	return _report({})


func resume(params: CommandParams) -> Result:
	var speed: float = params.number("speed")
	if speed != 1.0 and not _state.clock.is_fast_forward():
		return Result.fail(
			"INVALID_STATE",
			"This game runs at the engine's own pace: only a game started by game_start runs at another speed.",
			"Resume without speed, or stop the game and run it with game_start."
		)
	_state.clock.set_speed(speed)
	_state.clock.resume()
	return _report({})


func step(params: CommandParams, context: MCPToolkitToolContext) -> Result:
	return await _run_step(params.integer("frames"), Callable(), context)


## A condition that fails is refused before any frame runs; one that fails later ends the step there.
func step_until(params: CommandParams, context: MCPToolkitToolContext) -> Result:
	var condition: StepCondition = StepCondition.new()
	var parsed: Result = condition.parse(params.text("condition"))
	if parsed.failed():
		return parsed
	condition.holds()
	if condition.failure != "":
		return condition.failed_after(0)
	var stepped: Result = await _run_step(params.integer("max_frames"), condition.holds, context)
	if condition.failure != "":
		return condition.failed_after(_state.clock.frames_stepped())
	if stepped.succeeded():
		stepped.value["condition_met"] = _state.clock.condition_met()
	return stepped


func set_time_scale(params: CommandParams) -> Result:
	Engine.time_scale = params.number("scale")
	return _report({})


## Steps and waits (bounded) for the end, reporting progress to context.
func _run_step(frames: int, until: Callable, context: MCPToolkitToolContext) -> Result:
	var audio_from: int = _state.clock.audio.mark()
	var stepped: Result = await StepRunner.run(_state.clock, frames, until, context)
	if stepped.failed():
		return stepped
	var report: Dictionary = {"frames_stepped": stepped.value}
	var sounds: Array[Dictionary] = _state.clock.audio.events_since(audio_from)
	if not sounds.is_empty():
		report["audio"] = sounds.slice(0, AUDIO_SHOWN)
	if sounds.size() > AUDIO_SHOWN:
		report["audio_more"] = sounds.size() - AUDIO_SHOWN
	return _report(report)


func _report(extra: Dictionary) -> Result:
	var report: Dictionary = {
		"paused": _state.clock.is_paused(),
		"game_frame": _state.clock.game_frames,
		"engine_physics_frame": Engine.get_physics_frames(),
		"time_scale": Engine.time_scale,
		"speed": _state.clock.speed(),
	}
	report.merge(extra)
	return Result.of(report)
