@tool
extends RefCounted
## The SpriteFrames a sprite.* command works on: a resource file (path), or the sprite_frames of an
## AnimatedSprite2D/3D (scene, node_path). A change to a file is saved at once and is one step of the
## global history (as resource_set_property's); a change to frames built into a scene is one step of
## that scene's history, saved with the scene.

const SpriteFramesTarget := preload("res://addons/godot_live_mcp/commands/sprite/sprite_frames_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")

const ARGS := {
	"path": "string: A SpriteFrames resource file (res:// path, .tres); or pass node_path instead.",
	"scene": "@scene",
	"node_path": "@node_path: An AnimatedSprite2D/3D whose sprite_frames to use (instead of path).",
}
const ROW := {
	"path!": "string: The SpriteFrames file; '' when the frames are built into the scene.",
	"scene": "string",
	"node_path": "string",
	"undoable": "boolean: Whether editor_undo can revert the change (global history for files, else the scene's).",
}
const ANIMATION := "string: Animation name (sprite_get_frames lists them)."
## The target word of the tools that change or read existing frames.
const TARGET := "resource:SpriteFrames or node.sprite_frames by sprite_create_frames"

var frames: SpriteFrames
## The file the frames are saved in, or "" when they live in the scene.
var path: String = ""
var node: Node
var root: Node


## A SpriteFrames file's bytes and the animations they hold, put back together (undo or redo of a file
## change). A plain object, not the resource, carries the step: the history marks a resource it changes
## as edited, and the editor would then save the file again with the next scene save.
class FileState:
	extends RefCounted
	var files: Dictionary
	var frames: SpriteFrames
	var animations: Array

	func _init(file_bytes: Dictionary, target: SpriteFrames, state: Array) -> void:
		files = file_bytes
		frames = target
		animations = state

	func apply() -> void:
		ProjectFiles.restore(files)
		frames.set("animations", animations)
		SpriteFramesTarget.mark_saved(frames)


## The frames a declared TARGET found: a file, or a sprite's (saved in their own file, or built in).
static func of(found: CommandTarget) -> SpriteFramesTarget:
	var target: SpriteFramesTarget = SpriteFramesTarget.new()
	target.frames = found.resource
	target.path = found.path
	target.node = found.node
	target.root = found.root
	return target


## Clears the editor's "edited" mark of the frames and their built-in frame textures (new ones keep it after
## a save): the editor would otherwise write the file again with the next scene save, failing once it is gone.
static func mark_saved(frames: SpriteFrames) -> void:
	EditorInterface.set_object_edited(frames, false)
	for animation: StringName in frames.get_animation_names():
		for index: int in frames.get_frame_count(animation):
			var texture: Texture2D = frames.get_frame_texture(animation, index)
			if texture != null and not _is_file(texture.resource_path):
				EditorInterface.set_object_edited(texture, false)


## Adds the animation (or empties the one of that name) with its speed and loop.
static func reset_animation(frames: SpriteFrames, animation: String, fps: float, loop: bool) -> void:
	if frames.has_animation(animation):
		frames.clear(animation)
	else:
		frames.add_animation(animation)
	frames.set_animation_speed(animation, fps)
	frames.set_animation_loop(animation, loop)


static func _is_file(resource_path: String) -> bool:
	return resource_path.begins_with("res://") and not resource_path.contains("::")


## Where the frames live, as every sprite.* result names it.
func row() -> Dictionary:
	var where: Dictionary = {"path": path}
	if node != null:
		where["node_path"] = NodeLookup.path_of(root, node)
	return where


## NOT_FOUND unless the frames have the animation.
func require_animation(animation: String) -> Result:
	if frames.has_animation(animation):
		return Result.of()
	return Result.fail(
		"NOT_FOUND",
		"The SpriteFrames has no animation '%s'; it has: %s." % [animation, ", ".join(frames.get_animation_names())],
		"sprite_add_animation or sprite_slice_sheet adds one."
	)


## Runs change (func() -> void) on the frames as one undo step: saved at once into their file, or
## recorded in the scene's history. The value is whether editor_undo can revert it.
func commit(what: String, change: Callable) -> Result:
	if path != "":
		return await _commit_file(what, change)
	var before: Array = frames.get("animations")
	change.call()
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what, node)
	step.do_property(frames, "animations", frames.get("animations")).undo_property(frames, "animations", before)
	step.commit_recorded()
	return Result.of(step.is_active())


## ProjectFiles.apply's steps, with the animations themselves in the undo step as well: SpriteFrames does
## not reset on reload, so putting back a file that omits them (all default) would leave the editor's copy.
func _commit_file(what: String, change: Callable) -> Result:
	var idle: Result = await ProjectFiles.wait_until_idle()
	if idle.failed():
		return idle
	var paths: PackedStringArray = PackedStringArray([path])
	var files_before: Dictionary = ProjectFiles.snapshot(paths)
	var before: Array = frames.get("animations")
	change.call()
	var err: Error = ResourceSaver.save(frames, path)
	if err != OK:
		frames.set("animations", before)
		ProjectFiles.restore(files_before)
		return ProjectFiles.write_failed(path, err)
	mark_saved(frames)
	if not ProjectFiles.sync_editor(paths):
		await MCPToolkitSafeSceneOps.wait_for_scan_idle()
	var files_after: Dictionary = ProjectFiles.snapshot(paths) if not files_before.is_empty() else {}
	if files_after.is_empty():
		return Result.of(false)
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what)
	step.do_method(FileState.new(files_after, frames, frames.get("animations")).apply)
	step.undo_method(FileState.new(files_before, frames, before).apply)
	step.commit_recorded()
	return Result.of(true)


## The result of a change: row() with undoable and fields, or the commit's failure.
func answer(committed: Result, fields: Dictionary) -> Result:
	if committed.failed():
		return committed
	var result: Dictionary = row()
	result["undoable"] = committed.value
	result.merge(fields, true)
	return Result.of(result)
