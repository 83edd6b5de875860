@tool
extends RefCounted
## Something a playtest watches for the timeline (export-clean). The runner calls open() once at
## frame 0, poll() after every frame (and at the end of each step, forced), then close(). A new kind
## of event is one more subclass added to PlaytestRunner.sources(); it writes through
## timeline.add(frame, kind, text).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PlaytestTimeline := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_timeline.gd")

var _timeline: PlaytestTimeline


## Starts watching, into timeline; frames: () -> int, the script frame now. A failure (e.g. a node
## that is not there) stops the run before any frame. An override ends with `return super(...)`.
func open(timeline: PlaytestTimeline, _frames: Callable) -> Result:
	_timeline = timeline
	return Result.of(null)


## Adds what happened up to script frame `frame`. forced: a step just ended (sample now).
func poll(_frame: int, _forced: bool) -> void:
	pass


func close() -> void:
	pass
