@tool
extends RefCounted
## Project files on disk for the file, script and resource tools: guarded paths, atomic writes,
## the companions (.uid, .import) that travel with a file, keeping the editor's view in step, and
## snapshots that make a file change undoable in the global history (and how the tools declare it).

const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ScanHazard := preload("res://addons/godot_live_mcp/security/scan_hazard.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")

## Above this many bytes a change is made without an undo entry, so the editor's memory does not
## keep large assets alive.
const UNDO_MAX_BYTES := 16 * 1024 * 1024
const COMPANION_SUFFIXES: Array[String] = [".uid", ".import"]
const TEMP_SUFFIX := ".mcp_tmp"
## How the file-changing tools word their undo.
const UNDO_TEXT := (
	"Undoable with editor_undo (history 'global'), except changes over %d MiB (undoable: false)."
	% (UNDO_MAX_BYTES >> 20)
)
## What every file change returns, besides its own fields.
const CHANGED := {"path!": "string", "undoable": "boolean: Whether editor_undo (global) reverts it."}


## The normalised res:// path params[name] holds, or PATH_DENIED naming the parameter.
static func guarded(params: CommandParams, name: String = "path") -> Result:
	return PathGuard.project_path(params.value(name)).within(name)


## The path of the existing file params[name] names; PATH_DENIED, NOT_FOUND, or INVALID_PARAMS for a folder.
static func existing_file(params: CommandParams, name: String = "path") -> Result:
	var path: Result = guarded(params, name)
	if path.succeeded() and not FileAccess.file_exists(path.value):
		return missing_file(path.value)
	return path


## The resource of the existing file params[name] names (the editor's copy when it has one), when it
## is one of classes (any class when empty): the failure of existing_file, INVALID_PARAMS for a file
## that holds no resource or one of another class (the hint names maker, the tool that makes one),
## or LOAD_FAILED.
static func resource_at(
	params: CommandParams, classes := PackedStringArray(), maker := "resource_create", name := "path"
) -> Result:
	var path: Result = existing_file(params, name)
	return load_resource(path.value, classes, maker) if path.succeeded() else path


## The resource of the file at path, checked as resource_at does.
static func load_resource(path: String, classes := PackedStringArray(), maker := "resource_create") -> Result:
	if not ResourceLoader.exists(path):
		return Result.fail("INVALID_PARAMS", "'%s' is not a resource file." % path, "Use file_read.")
	var resource: Resource = ResourceLoader.load(path)
	if resource == null:
		return Result.fail("LOAD_FAILED", "The engine could not load '%s'." % path)
	if classes.is_empty() or Array(classes).any(resource.is_class):
		return Result.of(resource)
	var wanted: String = " or ".join(classes)
	return Result.fail(
		"INVALID_PARAMS",
		"'%s' is a %s, not a %s." % [path, resource.get_class(), wanted],
		"Pass the path of a %s file, or make one with %s." % [wanted, maker]
	)


## The text of the file at path, or INVALID_PARAMS when its bytes are not UTF-8.
static func text_of(path: String) -> Result:
	var bytes: PackedByteArray = FileAccess.get_file_as_bytes(path)
	if not TextContent.is_utf8(bytes):
		return Result.fail(
			"INVALID_PARAMS", "'%s' is not UTF-8 text." % path, "Read it with file_read and encoding='base64'."
		)
	return Result.of(TextContent.decode(bytes))


static func missing_file(path: String) -> Result:
	var hint: String = MCPToolkitError.hint_for_param("path")
	if DirAccess.dir_exists_absolute(path):
		return Result.fail("INVALID_PARAMS", "'%s' is a folder, not a file." % path, hint)
	return Result.fail("NOT_FOUND", "No file at '%s'." % path, hint)


## Writes bytes through a temporary file and a rename, so a failure never leaves half a file.
static func write_bytes(path: String, bytes: PackedByteArray) -> Error:
	var folder_error: Error = DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	if folder_error != OK:
		return folder_error
	var temp: String = _fresh_temp_path(path)
	if temp == "":
		return ERR_ALREADY_EXISTS
	var file: FileAccess = FileAccess.open(temp, FileAccess.WRITE)
	if file == null:
		return FileAccess.get_open_error()
	file.store_buffer(bytes)
	var err: Error = file.get_error()
	file.close()
	if err == OK:
		err = DirAccess.rename_absolute(temp, path)
	if err != OK:
		DirAccess.remove_absolute(temp)
	return err


## A hidden sibling of path under a name nobody can predict (128 random bits), checked to be free,
## so nothing planted beforehand (a link, say) can redirect the write; "" if three draws were taken.
static func _fresh_temp_path(path: String) -> String:
	for attempt: int in 3:
		var nonce: String = Crypto.new().generate_random_bytes(16).hex_encode()
		var temp: String = path.get_base_dir().path_join(".%s.%s%s" % [path.get_file(), nonce, TEMP_SUFFIX])
		if not FileAccess.file_exists(temp) and not PathGuard.is_link(temp):
			return temp
	return ""


static func write_failed(path: String, err: Error) -> Result:
	return Result.fail(
		"WRITE_FAILED",
		"Could not change '%s': %s. Nothing was changed." % [path, error_string(err)],
		"Check that the folder is writable and the file is not locked by another program."
	)


## The file and those of its companions that exist.
static func with_companions(path: String) -> PackedStringArray:
	var found: PackedStringArray = PackedStringArray([path])
	for suffix: String in COMPANION_SUFFIXES:
		if FileAccess.file_exists(path + suffix):
			found.append(path + suffix)
	return found


## path -> its bytes, or null where no file exists; {} when together they are too large to keep.
static func snapshot(paths: PackedStringArray) -> Dictionary:
	var size: int = 0
	for path: String in paths:
		size += FileAccess.get_size(path) if FileAccess.file_exists(path) else 0
	if size > UNDO_MAX_BYTES:
		return {}
	var states: Dictionary = {}
	for path: String in paths:
		states[path] = FileAccess.get_file_as_bytes(path) if FileAccess.file_exists(path) else null
	return states


## Runs change (a Callable returning an Error) on paths after the editor's scans settle, then tells
## the editor and records "MCP: <what>" in the global history. A failed change is rolled back.
## Its value is whether editor_undo can revert the change (false for changes too large to keep).
static func apply(what: String, paths: PackedStringArray, change: Callable) -> Result:
	var idle: Result = await wait_until_idle()
	if idle.failed():
		return idle
	var before: Dictionary = snapshot(paths)
	var err: Error = change.call()
	if err != OK:
		restore(before)
		return write_failed(paths[0], err)
	if not sync_editor(paths):
		await MCPToolkitSafeSceneOps.wait_for_scan_idle()
	var after: Dictionary = snapshot(paths) if not before.is_empty() else {}
	if not after.is_empty():
		record(what, before, after)
	return Result.of(not after.is_empty())


## Puts files back as a snapshot describes them (writing or removing each), then tells the editor.
static func restore(states: Dictionary) -> void:
	for path: String in states:
		var bytes: Variant = states[path]
		if bytes is PackedByteArray:
			write_bytes(path, bytes)
		elif FileAccess.file_exists(path):
			DirAccess.remove_absolute(path)
	sync_editor(PackedStringArray(states.keys()))


## Records "MCP: <what>" in the global history, moving files between two snapshots of the same paths.
static func record(what: String, before: Dictionary, after: Dictionary) -> void:
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what)
	action.do_method(ProjectFiles.restore.bind(after)).undo_method(ProjectFiles.restore.bind(before))
	action.commit_recorded()


## Tells the editor's filesystem about changed paths and refreshes resources it has loaded from them.
## False when a path lies in a folder the editor does not know yet: only a rescan adds folders.
static func sync_editor(paths: PackedStringArray) -> bool:
	var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
	var complete: bool = true
	for path: String in paths:
		if _is_companion(path):
			continue
		if filesystem.get_filesystem_path(path.get_base_dir()) == null:
			complete = false
			continue
		filesystem.update_file(path)
		_refresh_loaded(path)
	if not complete:
		request_scan()
	return complete


## Asks the editor to rescan (for folders, which update_file does not cover) and waits for it, bounded.
static func rescan() -> bool:
	request_scan()
	return await MCPToolkitSafeSceneOps.wait_for_scan_idle()


## Asks the editor to rescan the project, unless a link in it would make the scan recurse without end
## (ScanHazard): then the editor is left as it is, with a warning naming the link. False then.
## sources_only: look for changed files only (EditorFileSystem.scan_sources), which walks folders too.
static func request_scan(sources_only: bool = false) -> bool:
	var link: String = ScanHazard.looping_link()
	if link != "":
		push_warning(
			(
				(
					"godot_live_mcp: not asking the editor to rescan: the link %s points back into its own folder,"
					+ " and the engine's scan would never end (put a .gdignore file beside it)"
				)
				% link
			)
		)
		return false
	if sources_only:
		EditorInterface.get_resource_filesystem().scan_sources()
	else:
		EditorInterface.get_resource_filesystem().scan()
	return true


## EDITOR_BUSY when the editor is still scanning after the bounded wait.
static func wait_until_idle() -> Result:
	if await MCPToolkitSafeSceneOps.wait_for_scan_idle():
		return Result.of()
	return Result.fail("EDITOR_BUSY", "The editor is still scanning the project's files.")


static func _refresh_loaded(path: String) -> void:
	if not FileAccess.file_exists(path) or not ResourceLoader.has_cached(path):
		return
	if path in EditorInterface.get_open_scenes():
		return  # an open scene is the user's working copy; reloading it would drop unsaved edits
	var cached: Resource = ResourceLoader.get_cached_ref(path)
	if cached is Script:
		var script: Script = cached
		# The setter, not the property: assigning the property marks the script edited, and the editor
		# would then save it again with the next scene save (even after the file is gone).
		script.set_source_code(FileAccess.get_file_as_string(path))
		script.reload(true)
	else:
		ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_REPLACE)


static func _is_companion(path: String) -> bool:
	for suffix: String in COMPANION_SUFFIXES:
		if path.ends_with(suffix):
			return true
	return false
