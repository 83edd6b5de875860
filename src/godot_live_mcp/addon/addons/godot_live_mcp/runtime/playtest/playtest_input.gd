@tool
extends RefCounted
## The input steps of a playtest (press, release, tap, hold, move, click) as events delivered to the
## paused game at the start of the next frame it runs, the way the input tools deliver them
## (export-clean). Holding steps the clock, so it lives in the runner.

const InputSynth := preload("res://addons/godot_live_mcp/runtime/input_synth.gd")
const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")
const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")
const PlaytestStep := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_step.gd")

var _clock: TimeControl
var _pointer: Vector2 = Vector2.ZERO


func _init(clock: TimeControl) -> void:
	_clock = clock


## Sends what step presses (pressed) or releases, seen by the next frame the game runs.
func send(step: PlaytestStep, pressed: bool) -> void:
	_deliver(_event(step, pressed), 0)


## Presses now and releases after step.frames frames (a click is a tap of a mouse button).
func tap(step: PlaytestStep) -> void:
	_deliver(_event(step, true), 0)
	_deliver(_event(step, false), step.frames)


func move(step: PlaytestStep) -> void:
	var relative: Vector2 = step.position - _pointer
	_pointer = step.position
	_deliver(InputSynth.mouse_motion(step.position, relative), 0)


func _event(step: PlaytestStep, pressed: bool) -> InputEvent:
	if step.action != "":
		return InputSynth.action(step.action, pressed, step.strength)
	if step.key != "":
		return InputSynth.key(step.key, pressed)
	_pointer = step.position
	return InputSynth.mouse_button(EventCodec.MOUSE_BUTTONS[step.button], step.position, pressed)


## Delivered before the game frame `later` frames after the next one it runs.
func _deliver(event: InputEvent, later: int) -> void:
	_clock.schedule(_clock.input_frame() + later, func() -> void: InputSynth.send(event))
