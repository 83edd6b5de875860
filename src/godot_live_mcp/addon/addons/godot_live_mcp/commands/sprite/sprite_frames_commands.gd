@tool
extends RefCounted
## sprite.create_frames / slice_sheet / get_frames: SpriteFrames resources (a file, or built into an
## AnimatedSprite2D/3D) and animations sliced from sprite-sheet images.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SpriteFramesTarget := preload("res://addons/godot_live_mcp/commands/sprite/sprite_frames_target.gd")
const SpriteSheet := preload("res://addons/godot_live_mcp/commands/sprite/sprite_sheet.gd")

const GROUP := "sprite"
const SPRITES: PackedStringArray = ["AnimatedSprite2D", "AnimatedSprite3D"]
const ANIMATIONS := {
	"@": "array",
	"name!": "string",
	"frame_count!": "integer",
	"fps!": "number",
	"loop!": "boolean",
	"frames": SpriteSheet.FRAMES,
}
const DEFAULTS := {"guard": ["path", "scene"]}
const COMMANDS := {
	"sprite.create_frames":
	{
		"text":
		(
			"Create a SpriteFrames (with an empty 'default' animation) as a resource file (path), or on an"
			+ " AnimatedSprite2D/3D (node_path). A file is saved at once (global undo); a node's is a scene edit."
		),
		"args": [SpriteFramesTarget.ARGS, {"if_exists": "@if_exists"}],
		"returns": [SpriteFramesTarget.ROW, {"status!": "@create_status"}],
	},
	"sprite.slice_sheet":
	{
		"text":
		(
			"Make an animation from a sprite-sheet image cut into a grid (hframes x vframes, or frame_size),"
			+ " frames taken row by row from first_frame. if_exists decides what happens to an animation of that name."
		),
		"args": [SpriteFramesTarget.ARGS, {"animation!": SpriteFramesTarget.ANIMATION}, SpriteSheet.ARGS],
		"returns":
		[
			SpriteFramesTarget.ROW,
			{"animation!": "string", "frame_count!": "integer", "frame_size": "array<integer>"},
			{"status!": "@create_status"},
		],
		"guard": ["path", "scene", "texture"],
		"target": SpriteFramesTarget.TARGET,
	},
	"sprite.get_frames":
	{
		"text":
		(
			"Read a SpriteFrames' animations (frame count, fps, loop), paged; with animation, only that one"
			+ " and its frames (texture, region, duration)."
		),
		"args":
		[
			SpriteFramesTarget.ARGS,
			{"animation": "string: Only this animation, with its frames."},
			{"offset": PageArgs.OFFSET % "animation", "limit": PageArgs.LIMIT_100 % "animations"},
		],
		"returns": [{"@page": "animations offset"}, SpriteFramesTarget.ROW, {"animations!": ANIMATIONS}],
		"marks": "read_only idempotent",
		"target": SpriteFramesTarget.TARGET,
	},
}


## Not a declared target: the file is new, and the sprite may have no frames yet.
static func create_frames(params: CommandParams) -> Result:
	var one: Result = CommandTarget.either(params, "SpriteFrames", "sprite_frames")
	var policy: Result = IfExists.read(params) if one.succeeded() else one
	if policy.failed():
		return policy
	if params.has("path"):
		return await _create_file(params, str(policy.value))
	return await SceneEdit.edit(params.raw, _create_on_node.bind(params.text("node_path"), str(policy.value)))


static func _create_file(params: CommandParams, policy: String) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	var frames: SpriteFrames = SpriteFrames.new()
	var checked: Result = ResourceFile.savable_as(frames, path.value) if path.succeeded() else path
	if checked.failed():
		return checked
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and policy != IfExists.REPLACE:
		return IfExists.answer(policy, "The file '%s'" % path.value, {"path": path.value})
	var saved: Result = await ResourceFile.save("Create sprite frames %s" % path.value, frames, {}, path.value)
	if saved.failed():
		return saved
	SpriteFramesTarget.mark_saved(frames)
	return Result.of({"path": path.value, "undoable": saved.value, "status": "replaced" if existed else "created"})


static func _create_on_node(root: Node, node_path: String, policy: String) -> Result:
	var found: Result = NodeLookup.require(root, node_path)
	var sprite: Result = NodeLookup.of_class(root, found.value, node_path, SPRITES) if found.succeeded() else found
	if sprite.failed():
		return sprite
	var node: Node = sprite.value
	var previous: SpriteFrames = node.get("sprite_frames")
	var row: Dictionary = {"path": "", "node_path": NodeLookup.path_of(root, node)}
	if previous != null and policy != IfExists.REPLACE:
		row["path"] = "" if previous.resource_path.contains("::") else previous.resource_path
		return IfExists.answer(policy, "The SpriteFrames of '%s'" % node.name, row)
	var frames: SpriteFrames = SpriteFrames.new()
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Create sprite frames on %s" % node.name, node)
	step.do_property(node, "sprite_frames", frames).undo_property(node, "sprite_frames", previous).do_reference(frames)
	step.commit()
	row.merge({"undoable": step.is_active(), "status": "replaced" if previous != null else "created"})
	return Result.of(row)


static func slice_sheet(params: CommandParams, found: CommandTarget) -> Result:
	var read: Result = IfExists.read(params)
	var cut: Result = SpriteSheet.cut(params) if read.succeeded() else read
	if cut.failed():
		return cut
	var policy: String = read.value
	var sheet: SpriteSheet = cut.value
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var animation: String = params.text("animation")
	var existed: bool = target.frames.has_animation(animation)
	var fields: Dictionary = {"animation": animation, "frame_size": [sheet.frame_size.x, sheet.frame_size.y]}
	if existed and policy != IfExists.REPLACE:
		var kept: Dictionary = target.row()
		kept.merge({"animation": animation, "frame_count": target.frames.get_frame_count(animation)})
		return IfExists.answer(policy, "Animation '%s'" % animation, kept)
	var fill: Callable = sheet.fill.bind(target.frames, animation, params.number("fps"), params.flag("loop"))
	var committed: Result = await target.commit("Slice '%s' into %s" % [sheet.texture_path, animation], fill)
	fields.merge({"frame_count": sheet.regions.size(), "status": "replaced" if existed else "created"})
	return target.answer(committed, fields)


static func get_frames(params: CommandParams, found: CommandTarget) -> Result:
	var target: SpriteFramesTarget = SpriteFramesTarget.of(found)
	var names: PackedStringArray = target.frames.get_animation_names()
	var animation: String = params.text("animation")
	if animation != "":
		var known: Result = target.require_animation(animation)
		if known.failed():
			return known
		names = PackedStringArray([animation])
	var rows: Array[Dictionary] = []
	for name: String in names:
		var row: Dictionary = {
			"name": name,
			"frame_count": target.frames.get_frame_count(name),
			"fps": target.frames.get_animation_speed(name),
			"loop": target.frames.get_animation_loop(name),
		}
		if animation != "":
			row["frames"] = SpriteSheet.describe(target.frames, name)
		rows.append(row)
	var page: Dictionary = Pagination.list_page(
		rows, params.integer("offset"), params.integer("limit"), "animations", "animations"
	)
	page.merge(target.row())
	return Result.of(page)
