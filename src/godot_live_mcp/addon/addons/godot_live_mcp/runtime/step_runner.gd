@tool
extends RefCounted
## Runs a step of the game's clock and waits for it, bounded by the time the frames need at the
## game's physics rate plus slack, reporting its progress to the caller (export-clean).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")
const FirstSignal := preload("res://addons/godot_live_mcp/runtime/first_signal.gd")

const SLACK_FACTOR := 3.0
const SLACK_S := 5.0
## The deadline of a command that steps (runtime.step, runtime.step_until, input.replay).
const COMMAND_TIMEOUT_MS := 300000
## How many progress reports a step sends at most (one each tenth of its frames).
const PROGRESS_REPORTS := 10


## The number of frames stepped, or INVALID_STATE (a step is running), TIMEOUT or CANCELLED (the
## caller went away: the game stays paused where it got to). context hears of each tenth of the frames.
static func run(
	clock: TimeControl, frames: int, until: Callable = Callable(), context: MCPToolkitToolContext = null
) -> Result:
	if clock.is_stepping():
		return Result.fail("INVALID_STATE", "A step is already running.", "Wait for it to finish, then step again.")
	var budget_s: float = frames / float(Engine.physics_ticks_per_second) * SLACK_FACTOR + SLACK_S
	var timer: SceneTreeTimer = clock.get_tree().create_timer(budget_s, true, false, true)
	var caller: MCPToolkitToolContext = context if context != null else MCPToolkitToolContext.new()
	var report: Callable = _report.bind(frames, maxi(1, frames / PROGRESS_REPORTS), caller)
	clock.frame_stepped.connect(report)
	clock.begin_step(frames, until)
	# Held in a variable: an awaited signal does not keep its object alive.
	var waiter: FirstSignal = FirstSignal.new([clock.step_finished, timer.timeout, caller.cancelled])
	var first: int = await waiter.fired
	clock.frame_stepped.disconnect(report)
	if first == 0:
		return Result.of(clock.frames_stepped())
	clock.cancel_step()
	if first == 2:
		return Result.fail("CANCELLED", "The step was cancelled after %d frames." % clock.frames_stepped())
	return Result.fail(
		"TIMEOUT",
		"Only %d of %d frames ran within %.0f s." % [clock.frames_stepped(), frames, budget_s],
		"The game runs slower than real time here; step fewer frames at a time."
	)


static func _report(stepped: int, frames: int, every: int, caller: MCPToolkitToolContext) -> void:
	if stepped % every == 0 or stepped == frames:
		caller.report_progress(stepped, frames, "%d of at most %d frames stepped." % [stepped, frames])
