@tool
extends RefCounted
## Where the editor's undo actions go and where the newest one landed, one per editor
## (EditorServices): MCPToolkitUndoRedoAction reads it, editor_batch points it at a batch, and the
## mutation lane (one command at a time) takes the landing after each command, so a client's
## editor_undo can find its own last change.

const UndoBatch := preload("res://addons/godot_live_mcp/authoring/undo_batch.gd")

## Where the newest action landed: {"history": "scene", "scene": path} or {"history": "global"}.
var landing: Dictionary = {}
## The batch collecting actions right now, or null.
var collector: UndoBatch = null


## Collect the actions begun from now on into batch (null: record into the editor's history again).
func collect_into(batch: UndoBatch) -> void:
	collector = batch


## The command in flight was cut by its deadline and the lane moves on: the batch collecting (if any)
## takes its steps back now and collects nothing more, so no later command's action joins it.
func cut_collection() -> void:
	if collector != null:
		collector.cut_short()
		collector = null


## Whether a batch collects the actions begun now.
func is_collecting() -> bool:
	return collector != null


## Where the actions committed since the last call landed (the newest), then forgets it; {} if none.
func take_landing() -> Dictionary:
	var taken: Dictionary = landing
	landing = {}
	return taken
