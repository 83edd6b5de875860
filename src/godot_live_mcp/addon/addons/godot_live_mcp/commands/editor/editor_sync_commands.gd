@tool
extends RefCounted
## editor.save_all / editor.wait_for_idle: put the open scenes on disk, and wait until the editor
## has finished scanning and importing so the next tool sees a settled project.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SETTLE_FRAMES := 3
const MAX_WAIT_MS := 60000

const GROUP := "editor"
const COMMANDS := {
	"editor.save_all":
	{
		"text":
		(
			"Save every open scene that has a file path (the editor's 'Save All Scenes'). Use before"
			+ " running the game or ending a session so edits are on disk."
		),
		"returns":
		{
			"saved!": "array<string>: res:// paths of the scenes written.",
			"untitled_skipped": "integer: Open scenes never saved to a path, left alone (use scene_save_as).",
		},
		"marks": "idempotent outside_undo",
		"timeout_ms": 120000,
	},
	"editor.wait_for_idle":
	{
		"text":
		(
			"Wait until the editor has finished scanning the project's files and importing assets"
			+ " (bounded by timeout_ms). Use after files changed on disk or before reading imported"
			+ " resources; scan=true first asks the editor to look for changes made outside it."
		),
		"args":
		{
			"timeout_ms": "integer[0..%d]=10000: How long to wait at most, in milliseconds." % MAX_WAIT_MS,
			"scan": "boolean=false: First ask the editor to rescan the project for files changed outside it.",
		},
		"returns":
		{
			"idle!": "boolean: True: nothing is being scanned or imported.",
			"waited_ms!": "integer: How long the call waited, in milliseconds.",
			"scanned": "boolean: Whether a rescan was started first.",
		},
		"marks": "read_only idempotent scene_independent cancellable long_running",
		"side_doors": ["scan"],  # a rescan imports changed files, writing .import files
		"timeout_ms": MAX_WAIT_MS + 5000,
		"keywords": ["busy"],
	},
}


static func save_all(_params: CommandParams) -> Result:
	var saved: Array[String] = []
	var untitled: int = 0
	var failures: PackedStringArray = PackedStringArray()
	for path: String in EditorInterface.get_open_scenes():
		if path == "":
			untitled += 1
			continue
		var written: Result = await _save_one(path)
		if written.succeeded():
			saved.append(path)
		else:
			failures.append("%s (%s)" % [path, written.message])
	if not failures.is_empty():
		return Result.fail(
			"SAVE_FAILED",
			"Could not save: %s. Saved: %s." % ["; ".join(failures), ", ".join(saved) if saved else "none"],
			"Fix the cause (editor_get_log may tell it), then call editor_save_all again."
		)
	return Result.of({"saved": saved, "untitled_skipped": untitled})


static func _save_one(path: String) -> Result:
	if not DirAccess.dir_exists_absolute(path.get_base_dir()):
		return Result.fail("SAVE_FAILED", "its folder is gone from disk; keep it with scene_save_as under another path")
	return await MCPToolkitSafeSceneOps.save(path)


## Reports the scan's progress in percent (done of 100) as it grows, and 100 once idle.
static func wait_for_idle(params: CommandParams, context: MCPToolkitToolContext) -> Result:
	var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
	var started: int = Time.get_ticks_msec()
	var deadline: int = started + clampi(params.integer("timeout_ms"), 0, MAX_WAIT_MS)
	var scan: bool = params.flag("scan") and ProjectFiles.request_scan(true)
	var quiet_frames: int = 0 if scan or filesystem.is_scanning() else SETTLE_FRAMES
	var reported: int = -1
	while quiet_frames < SETTLE_FRAMES:
		if Time.get_ticks_msec() > deadline:
			return _still_busy(Time.get_ticks_msec() - started)
		if context.is_cancelled():
			return Result.fail("CANCELLED", "The wait was cancelled.")
		reported = _report_scan(filesystem, reported, context)
		await (Engine.get_main_loop() as SceneTree).process_frame
		quiet_frames = 0 if filesystem.is_scanning() else quiet_frames + 1
	if reported >= 0:
		context.report_progress(100, 100, "Idle: the scan and imports are done.")
	return Result.of({"idle": true, "waited_ms": Time.get_ticks_msec() - started, "scanned": scan})


## The scan's percent, reported when it grew past reported (the last percent sent, -1 for none).
static func _report_scan(filesystem: EditorFileSystem, reported: int, context: MCPToolkitToolContext) -> int:
	var percent: int = clampi(int(filesystem.get_scanning_progress() * 100.0), 0, 99)
	if percent <= reported:
		return reported
	var doing: String = "Scanning the project's files" if filesystem.is_scanning() else "Settling after the scan"
	context.report_progress(percent, 100, "%s: %d%%." % [doing, percent])
	return percent


static func _still_busy(waited_ms: int) -> Result:
	return Result.fail(
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
