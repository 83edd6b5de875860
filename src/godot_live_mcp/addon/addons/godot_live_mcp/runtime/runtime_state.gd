@tool
extends RefCounted
## What the runtime command modules share while a game runs (export-clean): the log, the clock,
## the signal watches and the input recording in progress. Only the game builds it.

const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")
const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")
const SignalWatch := preload("res://addons/godot_live_mcp/runtime/signal_watch.gd")
const InputRecorder := preload("res://addons/godot_live_mcp/runtime/input_recorder.gd")

## The game's output; it holds the engine's own messages only where it is_capturing() (Godot 4.5+).
var log_buffer: LogBuffer
var clock: TimeControl
var watches: Dictionary = {}  # id -> SignalWatch
var recorder: InputRecorder
var _next_watch_id: int = 1


func _init(buffer: LogBuffer, time_control: TimeControl) -> void:
	log_buffer = buffer
	clock = time_control
	recorder = InputRecorder.new(time_control)


func add_watch(watch: SignalWatch) -> void:
	watches[watch.id] = watch


func take_watch_id() -> int:
	_next_watch_id += 1
	return _next_watch_id - 1


## Disconnects every watch and stops recording: the game is shutting down.
func release() -> void:
	for watch: SignalWatch in watches.values():
		watch.stop()
	watches.clear()
	recorder.stop()
