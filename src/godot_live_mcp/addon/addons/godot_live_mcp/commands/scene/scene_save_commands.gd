@tool
extends "res://addons/godot_live_mcp/core/editor_module.gd"
## scene.save, scene.save_as, scene.close: writing open scenes to their files and closing tabs.
## Saves wait for filesystem scans and hold request intake while the engine writes (a save runs
## whole frames); closing refuses to drop unsaved changes unless asked.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneFiles := preload("res://addons/godot_live_mcp/authoring/scene_files.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")

const GROUP := "scene"
## What scene.save and scene.save_as return.
const SAVED := [
	{"scene!": "string: res:// path the scene was saved to.", "saved!": "boolean"},
	{"previous_path": "string: The file the tab edited before save_as.", "status": "@create_status"},
]
const DEFAULTS := {"marks": "destructive", "guard": ["scene"]}
const COMMANDS := {
	"scene.save":
	{
		"text": "Save an open scene to its file (the active scene when `scene` is omitted).",
		"args": {"scene": "@scene"},
		"returns": SAVED,
		"marks": "idempotent outside_undo",
	},
	"scene.save_as":
	{
		"text": "Save an open scene under a new file path; its tab then edits the new file (the old file stays).",
		"args":
		{"path!": "string: res:// path of the new .tscn file.", "scene": "@scene", "if_exists": '@if_exists="fail"'},
		"returns": SAVED,
		"guard": ["path", "scene"],
		"marks": "destructive opens_scene",
	},
	"scene.close":
	{
		"text": "Close an open scene's tab. Refuses when it has unsaved changes unless discard_changes is true.",
		"args": {"scene": "@scene", "discard_changes": "boolean=false: Close even if it has unsaved changes."},
		"returns":
		[
			{"scene!": "string: The scene that was closed.", "closed!": "boolean", "discarded_changes": "boolean"},
			{"active": "string: The active scene after closing ('' when none is left)."},
		],
		"marks": "destructive outside_undo",
		"min_godot": "4.5",
	},
}


static func save(params: CommandParams) -> Result:
	var found: Result = SceneTarget.require(params.text("scene"))
	if found.failed():
		return found
	var target: SceneTarget = found.value
	if target.path == "":
		return Result.fail(
			"INVALID_STATE", "The scene was never saved, so it has no file yet.", "Give it one with scene_save_as."
		)
	return await MCPToolkitSafeSceneOps.save(target.path)


func save_as(params: CommandParams) -> Result:
	var path: String = params.text("path")
	var found: Result = SceneTarget.require(params.text("scene"))
	var checked: Result = SceneFiles.scene_path(path)
	if checked.succeeded():
		checked = found if found.failed() else _save_as_policy(found.value, path, params)
	if checked.failed():
		return checked
	var existed: bool = FileAccess.file_exists(path)
	if existed and checked.value == IfExists.RETURN:
		return Result.of({"scene": (found.value as SceneTarget).path, "saved": false, "status": "returned"})
	var written: Result = await SceneEdit.edit(params.raw, _write_as.bind(path))
	if written.succeeded():
		written.value["status"] = "replaced" if existed else "created"
	return written


static func close(params: CommandParams) -> Result:
	var closed: Result = await SceneEdit.edit(params.raw, _close_in.bind(params.flag("discard_changes")))
	if closed.succeeded():
		closed.value["active"] = SceneTabs.active_path()
	return closed


static func _close_in(root: Node, discard: bool) -> Result:
	var path: String = root.scene_file_path
	var unsaved: Variant = await SceneTabs.is_unsaved(path)
	if unsaved != false and not discard:
		return SceneFiles.unsaved_refusal(path, unsaved, "close")
	var err: Error = EditorInterface.close_scene()
	if err != OK:
		return Result.fail("INVALID_STATE", "The editor did not close '%s': %s." % [path, error_string(err)])
	return Result.of({"closed": true, "discarded_changes": unsaved == true})


## The if_exists policy for saving target at path, or why it may not be saved there.
static func _save_as_policy(target: SceneTarget, path: String, params: CommandParams) -> Result:
	var policy: Result = IfExists.read(params)
	if policy.failed():
		return policy
	if path != target.path and path in EditorInterface.get_open_scenes():
		return Result.fail(
			"INVALID_OPERATION",
			"'%s' is open in another tab; saving over it would leave two tabs on one file." % path,
			"Close that tab first with scene_close."
		)
	if policy.value == IfExists.FAIL and FileAccess.file_exists(path):
		return IfExists.answer(IfExists.FAIL, "The file '%s'" % path, {})
	return policy


func _write_as(root: Node, path: String) -> Result:
	var idle: Result = await MCPToolkitSafeSceneOps.scan_idle()
	if idle.failed():
		return idle
	var old_path: String = root.scene_file_path
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	_services.main_loop.hold()
	var saved: bool = MCPToolkitSafeSceneOps.write_edited(path)
	_services.main_loop.release()
	if not saved:
		return Result.fail("SAVE_FAILED", "Saving '%s' as '%s' failed." % [old_path, path])
	return Result.of({"scene": path, "saved": true, "previous_path": old_path})
