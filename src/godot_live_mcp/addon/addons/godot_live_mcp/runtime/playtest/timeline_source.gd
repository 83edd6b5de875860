@tool
extends RefCounted
## Something a playtest watches for the timeline (export-clean). The runner calls open() once at
## frame 0, poll() after every frame (and at the end of each step, forced), then close(). A new kind
## of event is one more subclass added to PlaytestRunner.sources(); it writes through
## timeline.add(frame, kind, text).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PlaytestTimeline := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_timeline.gd")


## Starts watching; frames: () -> int, the script frame now. A failure (e.g. a node that is not
## there) stops the run before any frame.
func open(_timeline: PlaytestTimeline, _frames: Callable) -> Result:
	return Result.of(null)


## Adds what happened up to script frame `frame`. forced: a step just ended (sample now).
func poll(_frame: int, _forced: bool) -> void:
	pass


func close() -> void:
	pass
