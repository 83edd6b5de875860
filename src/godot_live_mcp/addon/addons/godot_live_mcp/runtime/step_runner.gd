@tool
extends RefCounted
## Runs a step of the game's clock and waits for it, bounded by the time the frames need at the
## game's physics rate plus slack (export-clean).

const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")
const FirstSignal := preload("res://addons/godot_live_mcp/runtime/first_signal.gd")

const SLACK_FACTOR := 3.0
const SLACK_S := 5.0
## The deadline of a command that steps (runtime.step, runtime.step_until, input.replay).
const COMMAND_TIMEOUT_MS := 300000


## {"ok": true, "frames_stepped": n} or {"ok": false, "code": …, "message": …, "hint": …}.
static func run(clock: TimeControl, frames: int, until: Callable = Callable()) -> Dictionary:
	if clock.is_stepping():
		return {
			"ok": false,
			"code": "INVALID_STATE",
			"message": "A step is already running.",
			"hint": "Wait for it to finish, then step again."
		}
	var budget_s: float = frames / float(Engine.physics_ticks_per_second) * SLACK_FACTOR + SLACK_S
	var timer: SceneTreeTimer = clock.get_tree().create_timer(budget_s, true, false, true)
	clock.begin_step(frames, until)
	# Held in a variable: an awaited signal does not keep its object alive.
	var waiter: FirstSignal = FirstSignal.new([clock.step_finished, timer.timeout])
	var first: int = await waiter.fired
	if first == 1:
		clock.cancel_step()
		return {
			"ok": false,
			"code": "TIMEOUT",
			"message": "Only %d of %d frames ran within %.0f s." % [clock.frames_stepped(), frames, budget_s],
			"hint": "The game runs slower than real time here; step fewer frames at a time."
		}
	return {"ok": true, "frames_stepped": clock.frames_stepped()}
