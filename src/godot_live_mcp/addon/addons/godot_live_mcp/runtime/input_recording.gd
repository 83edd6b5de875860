@tool
extends Resource
## Input events of a play session, each stamped with the game frame it arrived after, counted from
## the start of the recording (export-clean). Saved as a .tres by input.record; input.replay feeds
## it back frame by frame.

@export var events: Array[InputEvent] = []
## frames[i] is the number of game frames that had run when events[i] arrived.
@export var frames: PackedInt32Array = PackedInt32Array()
## How many game frames the recording lasted.
@export var length_frames: int = 0


func add(event: InputEvent, frame: int) -> void:
	events.append(event)
	frames.append(frame)
