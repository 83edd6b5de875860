@tool
extends RefCounted
## editor.save_all / editor.wait_for_idle: put the open scenes on disk, and wait until the editor
## has finished scanning and importing so the next tool sees a settled project.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const EditorCommands := preload("res://addons/godot_live_mcp/commands/editor_commands.gd")
const SETTLE_FRAMES := 3
const DEFAULT_WAIT_MS := 10000
const MAX_WAIT_MS := 60000


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"editor.save_all",
		save_all,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"Save every open scene that has a file path (the editor's 'Save All Scenes'). Use before"
					+ " running the game or ending a session so edits are on disk."
				)
			)
			. with_input_schema(S.object({}))
			. with_output_schema(_save_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["save"])
			. mark_idempotent()
			. with_timeout_ms(120000)
		)
	)
	registry.add(
		"editor.wait_for_idle",
		wait_for_idle,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"Wait until the editor has finished scanning the project's files and importing assets"
					+ " (bounded by timeout_ms). Use after files changed on disk or before reading imported"
					+ " resources; scan=true first asks the editor to look for changes made outside it."
				)
			)
			. with_input_schema(_wait_input_schema())
			. with_output_schema(_wait_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["import", "scan", "busy"])
			. with_timeout_ms(MAX_WAIT_MS + 5000)
			. mark_read_only()
			. mark_idempotent()
			. mark_scene_independent()
		)
	)


static func save_all(_params: Dictionary) -> Dictionary:
	var saved: Array[String] = []
	var untitled: int = 0
	var failures: PackedStringArray = PackedStringArray()
	for path: String in EditorInterface.get_open_scenes():
		if path == "":
			untitled += 1
			continue
		var problem: String = await _save_one(path)
		if problem == "":
			saved.append(path)
		else:
			failures.append("%s (%s)" % [path, problem])
	if not failures.is_empty():
		return MCPToolkitError.fail(
			"SAVE_FAILED",
			"Could not save: %s. Saved: %s." % ["; ".join(failures), ", ".join(saved) if saved else "none"],
			"Fix the cause (editor_get_log may tell it), then call editor_save_all again."
		)
	return MCPToolkitSuccess.ok({"saved": saved, "untitled_skipped": untitled})


## "" when the scene was saved, else why not.
static func _save_one(path: String) -> String:
	if not DirAccess.dir_exists_absolute(path.get_base_dir()):
		return "its folder is gone from disk; keep it with scene_save_as under another path"
	var result: Dictionary = await MCPToolkitSafeSceneOps.save_scene(path)
	return "" if result.get("success", false) else str(result.get("error", "unknown error"))


static func wait_for_idle(params: Dictionary) -> Dictionary:
	var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
	var started: int = Time.get_ticks_msec()
	var deadline: int = started + clampi(int(params.get("timeout_ms", DEFAULT_WAIT_MS)), 0, MAX_WAIT_MS)
	var scan: bool = bool(params.get("scan", false))
	if scan:
		filesystem.scan_sources()
	var quiet_frames: int = 0 if scan or filesystem.is_scanning() else SETTLE_FRAMES
	while quiet_frames < SETTLE_FRAMES:
		if Time.get_ticks_msec() > deadline:
			return _still_busy(Time.get_ticks_msec() - started)
		await (Engine.get_main_loop() as SceneTree).process_frame
		quiet_frames = 0 if filesystem.is_scanning() else quiet_frames + 1
	return MCPToolkitSuccess.ok({"idle": true, "waited_ms": Time.get_ticks_msec() - started, "scanned": scan})


static func _still_busy(waited_ms: int) -> Dictionary:
	return MCPToolkitError.fail(
		"EDITOR_BUSY",
		"The editor is still scanning or importing after %d ms." % waited_ms,
		(
			(
				"Call editor_wait_for_idle again with a larger timeout_ms (up to %d); editor_get_log shows"
				+ " import errors if it never settles."
			)
			% MAX_WAIT_MS
		)
	)


static func _wait_input_schema() -> Dictionary:
	var timeout: Dictionary = S.integer("How long to wait at most, in milliseconds.", DEFAULT_WAIT_MS, 0)
	timeout["maximum"] = MAX_WAIT_MS
	return (
		S
		. object(
			{
				"timeout_ms": timeout,
				"scan": S.boolean("First ask the editor to rescan the project for files changed outside it.", false),
			}
		)
	)


static func _wait_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"idle": S.boolean("True: nothing is being scanned or imported."),
				"waited_ms": S.integer(),
				"scanned": S.boolean("Whether a rescan was started first."),
			},
			["idle", "waited_ms"],
			true
		)
	)


static func _save_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"saved": S.array(S.string(), "res:// paths of the scenes written."),
				"untitled_skipped": S.integer("Open scenes never saved to a path, left alone (use scene_save_as)."),
			},
			["saved"],
			true
		)
	)
