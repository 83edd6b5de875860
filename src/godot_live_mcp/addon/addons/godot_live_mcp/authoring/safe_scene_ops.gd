@tool
class_name MCPToolkitSafeSceneOps
extends RefCounted
## Saves scenes the way a handler may: after filesystem scans go idle, outside the request's own
## dispatch, and with the servers' request intake paused while the save pumps the main loop
## (a save shows a progress dialog that runs whole frames). Never call EditorInterface.save_scene()
## from a handler directly.

const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const DEFAULT_SCAN_IDLE_TIMEOUT_MS := 30000
## The editor setting that saves the open scenes before the game runs.
const SAVE_BEFORE_RUNNING := "run/auto_save/save_before_running"


## True once the editor is neither scanning nor importing; false if that takes longer than timeout_ms.
static func wait_for_scan_idle(timeout_ms: int = -1) -> bool:
	var limit: int = timeout_ms if timeout_ms > 0 else _scan_idle_timeout_ms()
	var deadline: int = Time.get_ticks_msec() + limit
	var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
	while filesystem.is_scanning():
		if Time.get_ticks_msec() > deadline:
			return false
		await _tree().process_frame
	return true


## wait_for_scan_idle() as a Result: EDITOR_BUSY when the scan outlasts its timeout.
static func scan_idle() -> Result:
	if await wait_for_scan_idle():
		return Result.of(true)
	return Result.fail("EDITOR_BUSY", "The editor is still scanning the filesystem.")


## Saves the open scene at path (the active scene when path is ""), switching tabs for the save
## and back afterwards. The envelope names the scene saved.
static func save_scene(path: String = "") -> Dictionary:
	return (await save(path)).to_envelope()


## save_scene() as a Result: {"scene", "saved": true}, or NOT_FOUND, SCENE_NOT_OPEN, EDITOR_BUSY, SAVE_FAILED.
static func save(path: String = "") -> Result:
	var active: Node = EditorInterface.get_edited_scene_root()
	var target: String = path if path != "" else (active.scene_file_path if active != null else "")
	if target == "" and active == null:
		return Result.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	if path != "" and not path in EditorInterface.get_open_scenes():
		return SceneTarget.refusal(path)
	# A scene file that is a link out of the project (opened by hand) must not be written through.
	var writable: Result = PathGuard.writable_project_path(target) if target != "" else Result.of()
	if writable.failed():
		return writable
	var idle: Result = await scan_idle()
	if idle.failed():
		return idle
	await _tree().process_frame
	var previous: String = SceneTabs.active_path()
	var switching: bool = path != "" and path != previous
	var services: EditorServices = EditorServices.current()
	services.main_loop.hold()
	if switching:
		var shown: Result = await SceneTabs.activate(path)
		if shown.failed():
			services.main_loop.release()
			return shown
	var saved: bool = write_edited(target)
	if switching:
		await SceneTabs.return_to(previous)
	services.main_loop.release()
	if not saved:
		return Result.fail("SAVE_FAILED", "Saving '%s' failed." % target, "editor_get_log shows the engine's reason.")
	return Result.of({"scene": target, "saved": true})


## Writes the active scene to path and makes path its file; false when it did not land there.
## The editor's thumbnail step reads the viewport's texture, which a headless editor does not have
## (the engine logs 'Parameter "t" is null'), so a headless editor saves without one. Never writes
## where PathGuard would not (a scene file that is a link out of the project, say).
static func write_edited(path: String) -> bool:
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null or path == "" or PathGuard.writable_project_path(path).failed():
		return false
	EditorInterface.save_scene_as(path, DisplayServer.get_name() != "headless")
	return root.scene_file_path == path and FileAccess.file_exists(path)


## Before the editor runs the game: in a headless editor that saves before running
## (run/auto_save/save_before_running), saves the open scenes with unsaved changes (all of them
## when the tabs cannot be read) without the thumbnail the editor's own save would try to make (see
## write_edited). True when it did that save: then the editor's own must not run (see
## without_editor_save). Call it with request intake paused: it switches tabs.
static func save_before_running() -> bool:
	var settings: EditorSettings = EditorInterface.get_editor_settings()
	if DisplayServer.get_name() != "headless" or not settings.get_setting(SAVE_BEFORE_RUNNING):
		return false
	var marks: Dictionary = await SceneTabs.unsaved_marks()
	var previous: String = SceneTabs.active_path()
	for path: String in EditorInterface.get_open_scenes():
		if marks.get(path, true) and path != "" and await SceneTabs.switch_to(path):
			write_edited(path)
	await SceneTabs.return_to(previous)
	return true


## Calls play with the editor's own save before running turned off (the setting is put back right
## after): that save makes a thumbnail of the active scene, which a headless editor cannot, whenever
## the global history has unsaved actions (project settings, files), even when no scene changed.
static func without_editor_save(play: Callable) -> void:
	var settings: EditorSettings = EditorInterface.get_editor_settings()
	var saving: Variant = settings.get_setting(SAVE_BEFORE_RUNNING)
	settings.set_setting(SAVE_BEFORE_RUNNING, false)
	play.call()
	settings.set_setting(SAVE_BEFORE_RUNNING, saving)


## Starts a save after the current handler returns; poll the result with check_save(id).
static func queue_save(path: String = "") -> String:
	return EditorServices.current().saves.queue(save_scene.bind(path))


## {"done": bool, "success": bool, "result": {...}}, or {"done": false, "unknown": true}.
static func check_save(id: String, clear: bool = false) -> Dictionary:
	return EditorServices.current().saves.check(id, clear)


static func _scan_idle_timeout_ms() -> int:
	return int(
		ProjectSettings.get_setting("godot_live_mcp/concurrency/scan_idle_timeout_ms", DEFAULT_SCAN_IDLE_TIMEOUT_MS)
	)


static func _tree() -> SceneTree:
	return Engine.get_main_loop() as SceneTree
