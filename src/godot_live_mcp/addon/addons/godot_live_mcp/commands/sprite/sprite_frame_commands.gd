@tool
extends RefCounted
## sprite.add_frames / remove_frames / move_frame: the frames of one animation of a SpriteFrames (a file,
## or built into an AnimatedSprite2D/3D), each call one undo step.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SpriteFramesTarget := preload("res://addons/godot_live_mcp/commands/sprite/sprite_frames_target.gd")
const SpriteSheet := preload("res://addons/godot_live_mcp/commands/sprite/sprite_sheet.gd")

const GROUP := "sprite"
const COUNT := {"animation!": "string", "frame_count!": "integer: Frames in the animation afterwards."}
const DEFAULTS := {"guard": ["path", "scene"], "target": SpriteFramesTarget.TARGET}
const COMMANDS := {
	"sprite.add_frames":
	{
		"text": "Add image files as frames of an animation, at a position or at the end.",
		"args":
		[
			SpriteFramesTarget.ARGS,
			{"animation!": SpriteFramesTarget.ANIMATION},
			{
				"textures!":
				(
					"array<string>[1..%d]: res://" % SpriteSheet.MAX_FRAMES
					+ " paths of the images, one frame each, in order."
				)
			},
			{
				"at": "integer[-1..]=-1: Index the first new frame gets; -1 appends.",
				"duration": "number[0..1000]=1.0: Relative duration of each new frame.",
			},
		],
		"returns": [SpriteFramesTarget.ROW, COUNT],
	},
	"sprite.remove_frames":
	{
		"text": "Remove frames of an animation by index.",
		"args":
		[
			SpriteFramesTarget.ARGS,
			{"animation!": SpriteFramesTarget.ANIMATION, "indices!": "array<integer>: Frame indices to remove."},
		],
		"returns": [SpriteFramesTarget.ROW, COUNT],
		"marks": "destructive",
	},
	"sprite.move_frame":
	{
		"text": "Move one frame of an animation to another index (the others shift).",
		"args":
		[
			SpriteFramesTarget.ARGS,
			{"animation!": SpriteFramesTarget.ANIMATION},
			{"from!": "integer[0..]: Index of the frame.", "to!": "integer[0..]: Its new index."},
		],
		"returns": [SpriteFramesTarget.ROW, COUNT],
	},
}


static func add_frames(params: CommandParams, found: CommandTarget) -> Result:
	var textures: Array[Texture2D] = []
	for path: String in params.strings("textures"):
		var loaded: Result = SpriteSheet.texture_at(path)
		if loaded.failed():
			return loaded
		textures.append(loaded.value)
	if textures.is_empty():
		return Result.fail("INVALID_PARAMS", "textures is empty; name at least one image.")
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var animation: String = params.text("animation")
	var known: Result = target.require_animation(animation)
	if known.failed():
		return known
	var at: int = params.integer("at")
	if at > target.frames.get_frame_count(animation):
		return _outside(target, animation, at)
	var change: Callable = _insert.bind(target.frames, animation, textures, at, params.number("duration"))
	var committed: Result = await target.commit("Add %d frames to %s" % [textures.size(), animation], change)
	return target.answer(committed, _count(target, animation))


static func remove_frames(params: CommandParams, found: CommandTarget) -> Result:
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var animation: String = params.text("animation")
	var known: Result = target.require_animation(animation)
	if known.failed():
		return known
	var indices: Array[int] = []
	for value: Variant in params.list("indices"):
		var index: int = int(value)
		if index < 0 or index >= target.frames.get_frame_count(animation):
			return _outside(target, animation, index)
		if not index in indices:
			indices.append(index)
	indices.sort()
	indices.reverse()  # from the end, so earlier indices stay valid
	var change: Callable = _remove_each.bind(target.frames, animation, indices)
	var committed: Result = await target.commit("Remove %d frames of %s" % [indices.size(), animation], change)
	return target.answer(committed, _count(target, animation))


static func move_frame(params: CommandParams, found: CommandTarget) -> Result:
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var animation: String = params.text("animation")
	var known: Result = target.require_animation(animation)
	if known.failed():
		return known
	var count: int = target.frames.get_frame_count(animation)
	for index: int in [params.integer("from"), params.integer("to")]:
		if index >= count:
			return _outside(target, animation, index)
	var change: Callable = _move.bind(target.frames, animation, params.integer("from"), params.integer("to"))
	var what: String = "Move frame %d of %s to %d" % [params.integer("from"), animation, params.integer("to")]
	return target.answer(await target.commit(what, change), _count(target, animation))


static func _insert(
	frames: SpriteFrames, animation: String, textures: Array[Texture2D], at: int, duration: float
) -> void:
	for offset: int in textures.size():
		frames.add_frame(animation, textures[offset], duration, at + offset if at >= 0 else -1)


static func _remove_each(frames: SpriteFrames, animation: String, indices: Array[int]) -> void:
	for index: int in indices:
		frames.remove_frame(animation, index)


static func _move(frames: SpriteFrames, animation: String, from: int, to: int) -> void:
	var texture: Texture2D = frames.get_frame_texture(animation, from)
	var duration: float = frames.get_frame_duration(animation, from)
	frames.remove_frame(animation, from)
	frames.add_frame(animation, texture, duration, to)


static func _count(target: SpriteFramesTarget, animation: String) -> Dictionary:
	return {"animation": animation, "frame_count": target.frames.get_frame_count(animation)}


static func _outside(target: SpriteFramesTarget, animation: String, index: int) -> Result:
	var count: int = target.frames.get_frame_count(animation)
	return Result.fail(
		"INVALID_PARAMS",
		"Animation '%s' has %d frames; index %d is outside them." % [animation, count, index],
		"sprite_get_frames with animation lists its frames."
	)
