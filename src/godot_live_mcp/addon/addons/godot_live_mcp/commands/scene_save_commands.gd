@tool
extends RefCounted
## scene.save, scene.save_as, scene.close: writing open scenes to their files and closing tabs.
## Saves wait for filesystem scans and hold request intake while the engine writes (a save runs
## whole frames); closing refuses to drop unsaved changes unless asked.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const SceneCommands := preload("res://addons/godot_live_mcp/commands/scene_commands.gd")
const SceneFileCommands := preload("res://addons/godot_live_mcp/commands/scene_file_commands.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const MainLoopGuard := preload("res://addons/godot_live_mcp/dispatch/main_loop_guard.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"scene.save",
		save,
		(
			SceneCommands
			. options(
				"Save an open scene to its file (the active scene when `scene` is omitted).", {"scene": S.scene()}
			)
			. with_output_schema(_saved_schema())
			. guard_project_path("scene")
			. mark_idempotent()
		)
	)
	registry.add(
		"scene.save_as",
		save_as,
		(
			SceneCommands
			. options(
				"Save an open scene under a new file path; its tab then edits the new file (the old file stays).",
				{
					"path": S.string("res:// path of the new .tscn file."),
					"scene": S.scene(),
					"if_exists": _save_as_policy()
				},
				["path"]
			)
			. with_output_schema(_saved_schema())
			. guard_project_path("path")
			. guard_project_path("scene")
			. mark_destructive()
		)
	)
	registry.add(
		"scene.close",
		close,
		(
			SceneCommands
			. options(
				"Close an open scene's tab. Refuses when it has unsaved changes unless discard_changes is true.",
				{"scene": S.scene(), "discard_changes": S.boolean("Close even if it has unsaved changes.", false)}
			)
			. with_output_schema(_closed_schema())
			. with_min_godot_version("4.5")
			. guard_project_path("scene")
			. mark_destructive()
		)
	)


static func save(params: Dictionary) -> Dictionary:
	var target: SceneTarget = SceneTarget.resolve(params)
	if target.failed():
		return target.error
	if target.path == "":
		return MCPToolkitError.fail(
			"INVALID_STATE", "The scene was never saved, so it has no file yet.", "Give it one with scene_save_as."
		)
	return await MCPToolkitSafeSceneOps.save_scene(target.path)


static func save_as(params: Dictionary) -> Dictionary:
	var path: String = str(params["path"])
	var target: SceneTarget = SceneTarget.resolve(params)
	var refused: Dictionary = SceneFileCommands.scene_path_problem(path)
	if refused.is_empty():
		refused = target.error if target.failed() else _save_as_problem(target, path, params)
	if not refused.is_empty():
		return refused
	var existed: bool = FileAccess.file_exists(path)
	if existed and IfExists.policy(params, IfExists.FAIL) == IfExists.RETURN:
		return MCPToolkitSuccess.ok({"scene": target.path, "saved": false, "status": "returned"})
	var written: Dictionary = await SceneEdit.run(params, _write_as.bind(path))
	if bool(written.get("success", false)):
		written["status"] = "replaced" if existed else "created"
	return written


static func close(params: Dictionary) -> Dictionary:
	var result: Dictionary = await SceneEdit.run(params, _close_in.bind(bool(params.get("discard_changes", false))))
	if bool(result.get("success", false)):
		result["active"] = SceneTabs.active_path()
	return result


static func _close_in(root: Node, discard: bool) -> Dictionary:
	var path: String = root.scene_file_path
	var unsaved: Variant = await SceneTabs.is_unsaved(path)
	if unsaved != false and not discard:
		return SceneFileCommands.unsaved_refusal(path, unsaved, "close")
	var err: Error = EditorInterface.close_scene()
	if err != OK:
		return MCPToolkitError.fail("INVALID_STATE", "The editor did not close '%s': %s." % [path, error_string(err)])
	return MCPToolkitSuccess.ok({"closed": true, "discarded_changes": unsaved == true})


static func _save_as_problem(target: SceneTarget, path: String, params: Dictionary) -> Dictionary:
	var policy: String = IfExists.policy(params, IfExists.FAIL)
	if policy == "":
		return IfExists.invalid(params)
	if path != target.path and path in EditorInterface.get_open_scenes():
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			"'%s' is open in another tab; saving over it would leave two tabs on one file." % path,
			"Close that tab first with scene_close."
		)
	if policy == IfExists.FAIL and FileAccess.file_exists(path):
		return IfExists.existing(policy, "The file '%s'" % path, {})
	return {}


static func _write_as(root: Node, path: String) -> Dictionary:
	if not await MCPToolkitSafeSceneOps.wait_for_scan_idle():
		return MCPToolkitError.fail("EDITOR_BUSY", "The editor is still scanning the filesystem.")
	var old_path: String = root.scene_file_path
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	MainLoopGuard.hold()
	EditorInterface.save_scene_as(path, false)
	MainLoopGuard.release()
	if root.scene_file_path != path or not FileAccess.file_exists(path):
		return MCPToolkitError.fail("SAVE_FAILED", "Saving '%s' as '%s' failed." % [old_path, path])
	return MCPToolkitSuccess.ok({"scene": path, "saved": true, "previous_path": old_path})


static func _save_as_policy() -> Dictionary:
	var policy: Dictionary = S.if_exists()
	policy["default"] = IfExists.FAIL
	return policy


static func _saved_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"scene": S.string("res:// path the scene was saved to."),
				"saved": S.boolean(),
				"previous_path": S.string("The file the tab edited before save_as."),
				"status": S.create_status(),
			},
			["scene", "saved"],
			true
		)
	)


static func _closed_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"scene": S.string("The scene that was closed."),
				"closed": S.boolean(),
				"discarded_changes": S.boolean(),
				"active": S.string("The active scene after closing ('' when none is left)."),
			},
			["scene", "closed"],
			true
		)
	)
