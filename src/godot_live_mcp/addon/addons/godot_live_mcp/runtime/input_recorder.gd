@tool
extends RefCounted
## Records every input event the game window receives, real or synthesized, with the game frame
## it arrived after (export-clean).

const InputRecording := preload("res://addons/godot_live_mcp/runtime/input_recording.gd")
const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")

var _clock: TimeControl
var _recording: InputRecording
var _start_frame: int = 0


func _init(clock: TimeControl) -> void:
	_clock = clock


func is_recording() -> bool:
	return _recording != null


func start() -> void:
	_recording = InputRecording.new()
	_start_frame = _clock.game_frames
	_clock.get_window().window_input.connect(_on_input)


## The recording so far, closed; null when none was running.
func stop() -> InputRecording:
	if _recording == null:
		return null
	var window: Window = _clock.get_window()
	if window.window_input.is_connected(_on_input):
		window.window_input.disconnect(_on_input)
	var finished: InputRecording = _recording
	finished.length_frames = _clock.game_frames - _start_frame
	_recording = null
	return finished


## Stamped with the frames that had run before the first frame that sees the event.
func _on_input(event: InputEvent) -> void:
	_recording.add(event.duplicate() as InputEvent, _clock.input_frame() - 1 - _start_frame)
