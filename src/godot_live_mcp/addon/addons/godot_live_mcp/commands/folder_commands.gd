@tool
extends RefCounted
## folder.create / folder.delete, both undoable in the global history (a recursive delete keeps the
## deleted bytes for undo unless they pass ProjectFiles.UNDO_MAX_BYTES together), followed by an
## editor rescan.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const FileSchemas := preload("res://addons/godot_live_mcp/commands/file_schemas.gd")
const FolderCommands := preload("res://addons/godot_live_mcp/commands/folder_commands.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("folder.create", create, _create_options())
	registry.add("folder.delete", delete, _delete_options())


static func create(params: Dictionary) -> Dictionary:
	var path: String = ProjectFiles.guarded(params.get("path"))
	if path == "":
		return ProjectFiles.denied("path", params.get("path"))
	if FileAccess.file_exists(path):
		return MCPToolkitError.fail("ALREADY_EXISTS", "'%s' is a file." % path, "Pick another folder name.")
	var chosen: String = IfExists.policy(params)
	if chosen == "":
		return IfExists.invalid(params)
	if DirAccess.dir_exists_absolute(path):
		var existing: String = IfExists.FAIL if chosen == IfExists.FAIL else IfExists.RETURN
		return IfExists.existing(existing, "'%s'" % path, {"path": path})
	var busy: Dictionary = await ProjectFiles.wait_until_idle()
	if not busy.is_empty():
		return busy
	var created: PackedStringArray = _missing_folders(path)
	var err: Error = DirAccess.make_dir_recursive_absolute(path)
	if err != OK:
		remove_folders(created)
		return ProjectFiles.write_failed(path, err)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Create folder %s" % path)
	action.do_method(FolderCommands.make_folders.bind(created))
	action.undo_method(FolderCommands.remove_folders.bind(created))
	action.commit_recorded()
	await ProjectFiles.rescan()
	return MCPToolkitSuccess.ok({"path": path, "status": "created", "created": created, "undoable": true})


static func delete(params: Dictionary) -> Dictionary:
	var path: String = ProjectFiles.guarded(params.get("path"))
	if path == "":
		return ProjectFiles.denied("path", params.get("path"))
	if path == "res://" or PathGuard.ADDON_DIR.begins_with(path + "/"):
		return MCPToolkitError.fail("PATH_DENIED", "'%s' holds the project or the MCP addon itself." % path)
	if not DirAccess.dir_exists_absolute(path):
		return _not_a_folder(path)
	var contents: Dictionary = _contents(path)
	var files: PackedStringArray = contents["files"]
	var folders: PackedStringArray = contents["folders"]
	if folders.size() + files.size() > 1 and not bool(params.get("recursive", false)):
		return _not_empty(path, files.size(), folders.size() - 1)
	var busy: Dictionary = await ProjectFiles.wait_until_idle()
	if not busy.is_empty():
		return busy
	var removed: Dictionary = _remove_recorded(path, folders, files)
	if removed.has("code"):
		return removed
	await ProjectFiles.rescan()
	removed.merge({"path": path, "deleted_files": files.size(), "deleted_folders": folders.size()})
	return MCPToolkitSuccess.ok(removed)


## Creates folders (outermost first) and asks the editor to rescan.
static func make_folders(folders: PackedStringArray) -> void:
	for folder: String in folders:
		DirAccess.make_dir_recursive_absolute(folder)
	EditorInterface.get_resource_filesystem().scan()


## Removes folders that are still empty (innermost first) and asks the editor to rescan.
static func remove_folders(folders: PackedStringArray) -> void:
	for index: int in range(folders.size() - 1, -1, -1):
		DirAccess.remove_absolute(folders[index])
	EditorInterface.get_resource_filesystem().scan()


## Deletes files, then folders innermost first; the first failure stops it.
static func remove_tree(folders: PackedStringArray, files: PackedStringArray) -> Error:
	for file: String in files:
		var err: Error = DirAccess.remove_absolute(file)
		if err != OK:
			return err
	for index: int in range(folders.size() - 1, -1, -1):
		var err: Error = DirAccess.remove_absolute(folders[index])
		if err != OK:
			return err
	EditorInterface.get_resource_filesystem().scan()
	return OK


## Recreates folders and the files of a snapshot.
static func rebuild(folders: PackedStringArray, files: Dictionary) -> void:
	make_folders(folders)
	ProjectFiles.restore(files)


## Deletes the tree and records the undo when its files are small enough to keep:
## {"undoable": bool}, or the WRITE_FAILED envelope after putting back what was removed.
static func _remove_recorded(path: String, folders: PackedStringArray, files: PackedStringArray) -> Dictionary:
	var before: Dictionary = ProjectFiles.snapshot(files)
	var err: Error = remove_tree(folders, files)
	if err != OK:
		rebuild(folders, before)
		return ProjectFiles.write_failed(path, err)
	var undoable: bool = files.is_empty() or not before.is_empty()
	if undoable:
		var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Delete folder %s" % path)
		action.do_method(FolderCommands.remove_tree.bind(folders, files))
		action.undo_method(FolderCommands.rebuild.bind(folders, before))
		action.commit_recorded()
	return {"undoable": undoable}


## The folders of path that do not exist yet, outermost first.
static func _missing_folders(path: String) -> PackedStringArray:
	var missing: PackedStringArray = PackedStringArray()
	var current: String = path
	while current != "res://" and not DirAccess.dir_exists_absolute(current):
		missing.insert(0, current)
		current = current.get_base_dir()
	return missing


## {"folders": [path and every folder under it, outermost first], "files": [every file, hidden ones too]}.
static func _contents(path: String) -> Dictionary:
	var folders: PackedStringArray = PackedStringArray([path])
	var files: PackedStringArray = PackedStringArray()
	var index: int = 0
	while index < folders.size():
		var dir: DirAccess = DirAccess.open(folders[index])
		if dir != null:
			dir.include_hidden = true
			for name: String in dir.get_directories():
				folders.append(folders[index].path_join(name))
			for name: String in dir.get_files():
				files.append(folders[index].path_join(name))
		index += 1
	return {"folders": folders, "files": files}


static func _not_a_folder(path: String) -> Dictionary:
	if FileAccess.file_exists(path):
		return MCPToolkitError.fail("INVALID_PARAMS", "'%s' is a file." % path, "Delete files with file_delete.")
	return MCPToolkitError.fail("NOT_FOUND", "No folder at '%s'." % path, "List folders with file_list.")


static func _not_empty(path: String, files: int, folders: int) -> Dictionary:
	return MCPToolkitError.fail(
		"NOT_EMPTY",
		"'%s' is not empty: %d files and %d folders inside." % [path, files, folders],
		"Pass recursive=true to delete it with everything inside, or see its contents with file_list."
	)


static func _create_options() -> MCPToolkitCommandOptions:
	var policy: Dictionary = S.enum_of(
		["return", "fail"], "When the folder exists: report it (return) or fail (ALREADY_EXISTS).", "return"
	)
	return (
		_base("Create a project folder and any missing parents. Undoable with editor_undo (history 'global').")
		. with_input_schema(
			S.object({"path": S.string("Folder to create (res:// path)."), "if_exists": policy}, ["path"])
		)
		. with_output_schema(
			(
				S
				. object(
					{
						"path": S.string(),
						"status": S.create_status(),
						"created": S.array(S.string(), "Folders made, outermost first."),
						"undoable": S.boolean(),
					},
					["path", "status"],
					true
				)
			)
		)
		. mark_idempotent()
	)


static func _delete_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"path": S.string("Folder to delete (res:// path)."),
		"recursive": S.boolean("Also delete everything inside; without it a non-empty folder is refused.", false),
	}
	return (
		_base(
			(
				"Delete a project folder. A non-empty folder is refused (NOT_EMPTY) unless recursive is true. "
				+ FileSchemas.UNDO_TEXT
			)
		)
		. with_input_schema(S.object(params, ["path"]))
		. with_output_schema(
			(
				S
				. object(
					{
						"path": S.string(),
						"deleted_files": S.integer(),
						"deleted_folders": S.integer(),
						"undoable": S.boolean(),
					},
					["path"],
					true
				)
			)
		)
		. mark_destructive()
	)


static func _base(description: String) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_group(FileSchemas.GROUP, FileSchemas.GROUP_TEXT, FileSchemas.KEYWORDS)
		. guard_project_path("path")
		. mark_scene_independent()
	)
