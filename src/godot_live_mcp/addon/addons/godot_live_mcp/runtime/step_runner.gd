@tool
extends RefCounted
## Runs a step of the game's clock and waits for it, bounded by the time the frames need at the
## game's physics rate plus slack (export-clean).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")
const FirstSignal := preload("res://addons/godot_live_mcp/runtime/first_signal.gd")

const SLACK_FACTOR := 3.0
const SLACK_S := 5.0
## The deadline of a command that steps (runtime.step, runtime.step_until, input.replay).
const COMMAND_TIMEOUT_MS := 300000


## The number of frames stepped, or INVALID_STATE (a step is running) or TIMEOUT.
static func run(clock: TimeControl, frames: int, until: Callable = Callable()) -> Result:
	if clock.is_stepping():
		return Result.fail("INVALID_STATE", "A step is already running.", "Wait for it to finish, then step again.")
	var budget_s: float = frames / float(Engine.physics_ticks_per_second) * SLACK_FACTOR + SLACK_S
	var timer: SceneTreeTimer = clock.get_tree().create_timer(budget_s, true, false, true)
	clock.begin_step(frames, until)
	# Held in a variable: an awaited signal does not keep its object alive.
	var waiter: FirstSignal = FirstSignal.new([clock.step_finished, timer.timeout])
	var first: int = await waiter.fired
	if first == 1:
		clock.cancel_step()
		return Result.fail(
			"TIMEOUT",
			"Only %d of %d frames ran within %.0f s." % [clock.frames_stepped(), frames, budget_s],
			"The game runs slower than real time here; step fewer frames at a time."
		)
	return Result.of(clock.frames_stepped())
