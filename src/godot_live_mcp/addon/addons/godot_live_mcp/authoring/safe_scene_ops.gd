@tool
class_name MCPToolkitSafeSceneOps
extends RefCounted
## Saves scenes the way a handler may: after filesystem scans go idle, outside the request's own
## dispatch, and with the servers' request intake paused while the save pumps the main loop
## (a save shows a progress dialog that runs whole frames). Never call EditorInterface.save_scene()
## from a handler directly.

const MainLoopGuard := preload("res://addons/godot_live_mcp/dispatch/main_loop_guard.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const DEFAULT_SCAN_IDLE_TIMEOUT_MS := 30000

static var _queued: Dictionary = {}  # save id -> {"done": bool, "result": Dictionary}
static var _next_id: int = 1


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


## Saves the open scene at path (the active scene when path is ""), switching tabs for the save
## and back afterwards. The envelope names the scene saved.
static func save_scene(path: String = "") -> Dictionary:
	var active: Node = EditorInterface.get_edited_scene_root()
	var target: String = path if path != "" else (active.scene_file_path if active != null else "")
	if target == "" and active == null:
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	if path != "" and not path in EditorInterface.get_open_scenes():
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "The scene '%s' is not open in the editor." % path)
	if not await wait_for_scan_idle():
		return MCPToolkitError.fail("EDITOR_BUSY", "The editor is still scanning the filesystem.")
	await _tree().process_frame
	var previous: String = SceneTabs.active_path()
	var switching: bool = path != "" and path != previous
	MainLoopGuard.hold()
	if switching and not await SceneTabs.switch_to(path):
		MainLoopGuard.release()
		return MCPToolkitError.fail(
			"EDITOR_BUSY", "The editor did not switch to '%s' in time." % path, "Retry in a moment."
		)
	var err: Error = EditorInterface.save_scene()
	if switching:
		await SceneTabs.return_to(previous)
	MainLoopGuard.release()
	if err != OK:
		return MCPToolkitError.fail("SAVE_FAILED", "Saving '%s' failed: %s." % [target, error_string(err)])
	return MCPToolkitSuccess.ok({"scene": target, "saved": true})


## Starts a save after the current handler returns; poll the result with check_save(id).
static func queue_save(path: String = "") -> String:
	var id: String = "save-%d" % _next_id
	_next_id += 1
	_queued[id] = {"done": false}
	_run_queued.call_deferred(id, path)
	return id


## {"done": bool, "success": bool, "result": {...}}, or {"done": false, "unknown": true}.
static func check_save(id: String, clear: bool = false) -> Dictionary:
	if not _queued.has(id):
		return {"done": false, "unknown": true}
	var state: Dictionary = _queued[id]
	if clear and state["done"]:
		_queued.erase(id)
	return state


static func _run_queued(id: String, path: String) -> void:
	var result: Dictionary = await save_scene(path)
	_queued[id] = {"done": true, "success": bool(result.get("success", false)), "result": result}


static func _scan_idle_timeout_ms() -> int:
	return int(
		ProjectSettings.get_setting("godot_live_mcp/concurrency/scan_idle_timeout_ms", DEFAULT_SCAN_IDLE_TIMEOUT_MS)
	)


static func _tree() -> SceneTree:
	return Engine.get_main_loop() as SceneTree
