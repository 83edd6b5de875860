@tool
extends RefCounted
## Writing a file the editor imports (a generated sound or texture): the write, the import it is waited
## for, and the file with its .import recorded as one step of the global history.

const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## How long a new file may take to be found by the scan that imports it.
const IMPORT_WAIT_MS := 10000


## Writes bytes to path, has the editor import it, and records "MCP: <what>"; its value is true (undoable).
static func write_imported(what: String, path: String, bytes: PackedByteArray) -> Result:
	var idle: Result = await ProjectFiles.wait_until_idle()
	if idle.failed():
		return idle
	var paths: PackedStringArray = PackedStringArray([path, path + ".import"])
	var before: Dictionary = ProjectFiles.snapshot(paths)
	var err: Error = ProjectFiles.write_bytes(path, bytes)
	if err != OK:
		return ProjectFiles.write_failed(path, err)
	await import_now(path)
	ProjectFiles.record(what, before, ProjectFiles.snapshot(paths))
	return Result.of(true)


## Has the editor import path now, so it can be loaded at once: a file it knows is reimported;
## a new one is found by a scan, which imports it.
static func import_now(path: String) -> void:
	var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
	if filesystem.get_file_type(path) != "":
		filesystem.update_file(path)
		filesystem.reimport_files(PackedStringArray([path]))
	else:
		ProjectFiles.request_scan()
		var deadline: int = Time.get_ticks_msec() + IMPORT_WAIT_MS
		while filesystem.get_file_type(path) == "" and Time.get_ticks_msec() < deadline:
			await (Engine.get_main_loop() as SceneTree).process_frame
	await MCPToolkitSafeSceneOps.wait_for_scan_idle()
