@tool
extends "res://addons/godot_live_mcp/runtime/playtest/timeline_source.gd"
## What the game logged during the run: errors and warnings (kinds "error" and "warning"), and with
## log "all" every printed line too ("print"), stamped with the frame they were logged in.

const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")

const KIND_OF := {
	"error": "error",
	"script_error": "error",
	"shader_error": "error",
	"warning": "warning",
	"message": "print",
	"stderr": "print",
}

var _buffer: LogBuffer
var _everything: bool
var _cursor: int = 0


func _init(buffer: LogBuffer, everything: bool) -> void:
	_buffer = buffer
	_everything = everything


func open(timeline: PlaytestTimeline, frames: Callable) -> Result:
	_cursor = _buffer.next_seq()
	return super(timeline, frames)


func poll(frame: int, _forced: bool) -> void:
	for entry: Dictionary in _buffer.read(_cursor):
		var kind: String = KIND_OF.get(str(entry["kind"]), "print")
		if kind != "print" or _everything:
			var source: String = str(entry["source"])
			_timeline.add(frame, kind, str(entry["text"]) + ("  (at %s)" % source if source != "" else ""))
	_cursor = _buffer.next_seq()
