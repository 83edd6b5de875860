@tool
extends "res://addons/godot_live_mcp/runtime/playtest/timeline_source.gd"
## The sounds of the run: an event each time an AudioStreamPlayer (2D, 3D) starts, finishes or is
## stopped ("Coin1/Pickup finished (res://sounds/coin.wav)"), at the script frame it happened in. The
## clock's audio watch moves sounds in stepped time, so a sound's end lands on the frame its length says.

const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")

var _clock: TimeControl
var _mark: int = 0
## The game frame of script frame 0: the watch stamps game frames.
var _first_game_frame: int = 0


func _init(clock: TimeControl) -> void:
	_clock = clock


func open(timeline: PlaytestTimeline, frames: Callable) -> Result:
	_first_game_frame = _clock.game_frames - int(frames.call())
	_mark = _clock.audio.mark()
	return super(timeline, frames)


func poll(_frame: int, _forced: bool) -> void:
	for event: Dictionary in _clock.audio.events_since(_mark):
		var stream: String = str(event["stream"])
		var text: String = "%s %s" % [event["node"], event["event"]] + (" (%s)" % stream if stream != "" else "")
		_timeline.add(int(event["frame"]) - _first_game_frame, "audio", text)
	_mark = _clock.audio.mark()
