@tool
extends RefCounted
## sprite.add_animation / rename_animation / remove_animation / set_animation: the animations of a
## SpriteFrames (a file, or built into an AnimatedSprite2D/3D), each call one undo step.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SpriteFramesTarget := preload("res://addons/godot_live_mcp/commands/sprite/sprite_frames_target.gd")

const GROUP := "sprite"
const STATE := {"animation!": "string", "fps!": "number", "loop!": "boolean", "frame_count!": "integer"}
const DEFAULTS := {"guard": ["path", "scene"], "target": SpriteFramesTarget.TARGET}
const COMMANDS := {
	"sprite.add_animation":
	{
		"text": "Add an empty animation to a SpriteFrames (then sprite_add_frames or sprite_slice_sheet fills it).",
		"args":
		[
			SpriteFramesTarget.ARGS,
			{"animation!": "string: Name of the new animation."},
			{"fps": "number[0..1000]=10: Frames per second.", "loop": "boolean=true: Whether it loops."},
			{"if_exists": "@if_exists"},
		],
		"returns": [SpriteFramesTarget.ROW, STATE, {"status!": "@create_status"}],
	},
	"sprite.rename_animation":
	{
		"text": "Rename an animation of a SpriteFrames.",
		"args":
		[SpriteFramesTarget.ARGS, {"animation!": SpriteFramesTarget.ANIMATION, "new_name!": "string: Its new name."}],
		"returns": [SpriteFramesTarget.ROW, {"animation!": "string: The new name."}],
	},
	"sprite.remove_animation":
	{
		"text": "Remove an animation (and its frames) from a SpriteFrames.",
		"args": [SpriteFramesTarget.ARGS, {"animation!": SpriteFramesTarget.ANIMATION}],
		"returns": [SpriteFramesTarget.ROW, {"removed!": "string: The animation removed."}],
		"marks": "destructive",
	},
	"sprite.set_animation":
	{
		"text": "Set an animation's speed (fps) and/or whether it loops.",
		"args":
		[
			SpriteFramesTarget.ARGS,
			{"animation!": SpriteFramesTarget.ANIMATION},
			{"fps": "number[0..1000]: Frames per second.", "loop": "boolean: Whether it loops."},
		],
		"returns": [SpriteFramesTarget.ROW, STATE],
		"marks": "idempotent",
	},
}


static func add_animation(params: CommandParams, found: CommandTarget) -> Result:
	var read: Result = IfExists.read(params)
	if read.failed():
		return read
	var policy: String = read.value
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var animation: String = params.text("animation")
	var frames: SpriteFrames = target.frames
	var existed: bool = frames.has_animation(animation)
	if existed and policy != IfExists.REPLACE:
		var kept: Dictionary = target.row()
		kept.merge(_state(frames, animation))
		return IfExists.answer(policy, "Animation '%s'" % animation, kept)
	var change: Callable = SpriteFramesTarget.reset_animation.bind(
		frames, animation, params.number("fps"), params.flag("loop")
	)
	var committed: Result = await target.commit("Add animation %s" % animation, change)
	var fields: Dictionary = _state(frames, animation)
	fields["status"] = "replaced" if existed else "created"
	return target.answer(committed, fields)


static func rename_animation(params: CommandParams, found: CommandTarget) -> Result:
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var animation: String = params.text("animation")
	var new_name: String = params.text("new_name")
	var known: Result = target.require_animation(animation)
	if known.failed():
		return known
	if new_name == "" or target.frames.has_animation(new_name):
		return Result.fail(
			"ALREADY_EXISTS" if new_name != "" else "INVALID_PARAMS",
			"Cannot rename '%s' to '%s': that name is taken or empty." % [animation, new_name],
			"Pick another new_name (sprite_get_frames lists the animations)."
		)
	var change: Callable = target.frames.rename_animation.bind(animation, new_name)
	var committed: Result = await target.commit("Rename animation %s to %s" % [animation, new_name], change)
	return target.answer(committed, {"animation": new_name})


static func remove_animation(params: CommandParams, found: CommandTarget) -> Result:
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var animation: String = params.text("animation")
	var known: Result = target.require_animation(animation)
	if known.failed():
		return known
	var change: Callable = target.frames.remove_animation.bind(animation)
	return target.answer(await target.commit("Remove animation %s" % animation, change), {"removed": animation})


static func set_animation(params: CommandParams, found: CommandTarget) -> Result:
	if not params.has("fps") and not params.has("loop"):
		return Result.fail("INVALID_PARAMS", "Pass fps, loop or both.")
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var animation: String = params.text("animation")
	var known: Result = target.require_animation(animation)
	if known.failed():
		return known
	var frames: SpriteFrames = target.frames
	var fps: float = params.number("fps") if params.has("fps") else frames.get_animation_speed(animation)
	var loop: bool = params.flag("loop") if params.has("loop") else frames.get_animation_loop(animation)
	var change: Callable = _speed_and_loop.bind(frames, animation, fps, loop)
	return target.answer(await target.commit("Set animation %s" % animation, change), _state(frames, animation))


static func _speed_and_loop(frames: SpriteFrames, animation: String, fps: float, loop: bool) -> void:
	frames.set_animation_speed(animation, fps)
	frames.set_animation_loop(animation, loop)


static func _state(frames: SpriteFrames, animation: String) -> Dictionary:
	return {
		"animation": animation,
		"fps": frames.get_animation_speed(animation),
		"loop": frames.get_animation_loop(animation),
		"frame_count": frames.get_frame_count(animation),
	}
