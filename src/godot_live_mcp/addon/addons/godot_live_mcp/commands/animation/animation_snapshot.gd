@tool
extends RefCounted
## Undo for edits of an Animation resource: the animation's stored state before and after, put back
## into the same object (the player and the scene keep referring to it).

const AnimationSnapshot := preload("res://addons/godot_live_mcp/commands/animation/animation_snapshot.gd")

## Stored properties that are derived or read-only.
const SKIPPED: Array[String] = ["script", "capture_included", "resource_name", "resource_path"]


## A copy of animation's state to restore later.
static func take(animation: Animation) -> Animation:
	return animation.duplicate(true)


## Makes target hold the state of source again: its tracks, keys, markers, length, loop and step.
static func restore(target: Animation, source: Animation) -> void:
	target.clear()
	for info: Dictionary in source.get_property_list():
		var property: String = str(info["name"])
		if int(info["usage"]) & PROPERTY_USAGE_STORAGE != 0 and property not in SKIPPED:
			target.set(property, source.get(property))
	target.emit_changed()


## Records one undo action for an edit already made to animation (before: its snapshot from take).
static func record(what: String, context: Node, animation: Animation, before: Animation) -> void:
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what, context)
	step.do_method(AnimationSnapshot.restore.bind(animation, take(animation)))
	step.undo_method(AnimationSnapshot.restore.bind(animation, before))
	step.commit_recorded()
