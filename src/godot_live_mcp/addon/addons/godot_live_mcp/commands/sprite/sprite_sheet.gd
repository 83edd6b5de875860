@tool
extends RefCounted
## A sprite sheet cut into a grid of frames (sprite.slice_sheet), and the frames of an animation as
## the sprite.* commands report them.

const SpriteSheet := preload("res://addons/godot_live_mcp/commands/sprite/sprite_sheet.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const SpriteFramesTarget := preload("res://addons/godot_live_mcp/commands/sprite/sprite_frames_target.gd")

## More frames than this in one call is refused, so a 1-pixel grid cannot stall the editor.
const MAX_FRAMES := 512
const ARGS := {
	"texture!": "string: res:// path of the sheet image (imported; editor_wait_for_idle waits for a new one).",
	"hframes": "integer[1..%d]=1:" % MAX_FRAMES + " Columns of the grid.",
	"vframes": "integer[1..%d]=1:" % MAX_FRAMES + " Rows of the grid.",
	"frame_size": "array<integer[1..16384]>[2..2]: Frame size [w, h] in pixels, instead of hframes and vframes.",
	"first_frame": "integer[0..%d]=0:" % (MAX_FRAMES * MAX_FRAMES) + " First grid cell to take, counted row by row.",
	"frame_count": "integer[1..%d]:" % MAX_FRAMES + " How many frames to take; up to the last cell when omitted.",
	"fps": "number[0..1000]=10: Frames per second.",
	"loop": "boolean=true: Whether the animation loops.",
	"if_exists": "@if_exists",
}
const FRAMES := {
	"@": "array: The animation's frames in order.",
	"index!": "integer",
	"texture!": "string: The image (for a sheet frame, the sheet).",
	"region": "array<integer>: [x, y, w, h] of the frame in the sheet.",
	"duration!": "number: Relative duration (1.0 is one frame at the animation's fps).",
}

var texture: Texture2D
var texture_path: String
var frame_size: Vector2i
var regions: Array[Rect2] = []


## The frames params cut from the sheet, or NOT_FOUND for the image, INVALID_PARAMS for a bad grid.
static func cut(params: CommandParams) -> Result:
	var loaded: Result = texture_at(params.text("texture"))
	if loaded.failed():
		return loaded
	var sheet: SpriteSheet = SpriteSheet.new()
	sheet.texture = loaded.value
	sheet.texture_path = params.text("texture")
	var image_size: Vector2i = Vector2i(sheet.texture.get_size())
	var size: Variant = params.value("frame_size")
	if size is Array and (size as Array).size() == 2:
		sheet.frame_size = Vector2i(int(size[0]), int(size[1]))
	elif size != null:
		return Result.fail("INVALID_PARAMS", "frame_size must be [w, h], not %s." % JSON.stringify(size))
	else:
		sheet.frame_size = image_size / Vector2i(maxi(params.integer("hframes"), 1), maxi(params.integer("vframes"), 1))
	if sheet.frame_size.clamp(Vector2i.ONE, image_size) != sheet.frame_size:  # each side 1..the image's
		return Result.fail(
			"INVALID_PARAMS",
			"Frames of %s do not fit in '%s' (%s pixels)." % [sheet.frame_size, sheet.texture_path, image_size],
			"Pass hframes and vframes (or frame_size) that divide the image."
		)
	return sheet._take(params, image_size / sheet.frame_size)


## The Texture2D at path, or NOT_FOUND naming how to wait for a new image's import.
static func texture_at(wanted: String) -> Result:
	var guarded: Result = PathGuard.project_path(wanted).within("texture")
	if guarded.failed():
		return guarded
	var path: String = guarded.value
	if not ResourceLoader.exists(path, "Texture2D"):
		return Result.fail(
			"NOT_FOUND",
			"No imported texture at '%s'." % path,
			"Check the path with file_list; for a new image run editor_wait_for_idle with scan=true first."
		)
	return Result.of(load(path))


func _take(params: CommandParams, grid: Vector2i) -> Result:
	var cells: int = grid.x * grid.y
	var first: int = params.integer("first_frame")
	var count: int = params.integer("frame_count") if params.has("frame_count") else cells - first
	if count > MAX_FRAMES:
		return Result.fail(
			"LIMIT_EXCEEDED",
			"%d frames in one animation; at most %d." % [count, MAX_FRAMES],
			"Pass larger frames (hframes, vframes or frame_size) or a frame_count."
		)
	var last: int = first + count - 1
	if first >= cells or count < 1 or last >= cells:
		return Result.fail(
			"INVALID_PARAMS",
			"The grid has %d cells (%d x %d); frames %d..%d are outside it." % [cells, grid.x, grid.y, first, last],
			"Lower first_frame or frame_count."
		)
	for index: int in range(first, first + count):
		var cell: Vector2i = Vector2i(index % grid.x, floori(float(index) / grid.x))
		regions.append(Rect2(Vector2(cell * frame_size), Vector2(frame_size)))
	return Result.of(self)


## Puts the sheet's frames into animation (emptied first, or added), with its speed and loop.
func fill(frames: SpriteFrames, animation: String, fps: float, loop: bool) -> void:
	SpriteFramesTarget.reset_animation(frames, animation, fps, loop)
	for region: Rect2 in regions:
		var frame: AtlasTexture = AtlasTexture.new()
		frame.atlas = texture
		frame.region = region
		frames.add_frame(animation, frame)


## The frames of an animation as FRAMES describes them.
static func describe(frames: SpriteFrames, animation: String) -> Array[Dictionary]:
	var rows: Array[Dictionary] = []
	for index: int in frames.get_frame_count(animation):
		var shown: Texture2D = frames.get_frame_texture(animation, index)
		var row: Dictionary = {"index": index, "duration": frames.get_frame_duration(animation, index)}
		if shown is AtlasTexture:
			var part: AtlasTexture = shown
			var region: Rect2i = Rect2i(part.region)
			row["texture"] = part.atlas.resource_path if part.atlas != null else ""
			row["region"] = [region.position.x, region.position.y, region.size.x, region.size.y]
		else:
			row["texture"] = shown.resource_path if shown != null else ""
		rows.append(row)
	return rows
