@tool
extends RefCounted
## folder.create / folder.delete, both undoable in the global history (a recursive delete keeps the
## deleted bytes for undo unless they pass ProjectFiles.UNDO_MAX_BYTES together), followed by an
## editor rescan.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const SecretFiles := preload("res://addons/godot_live_mcp/security/secret_files.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const FolderCommands := preload("res://addons/godot_live_mcp/commands/file/folder_commands.gd")

const GROUP := "file"
const DEFAULTS := {"marks": "idempotent scene_independent", "guard": ["path"]}
const COMMANDS := {
	"folder.create":
	{
		"text": "Create a project folder and any missing parents. Undoable with editor_undo (history 'global').",
		"args":
		{
			"path!": "string: Folder to create (res:// path).",
			"if_exists":
			'enum(return|fail)="return": When the folder exists: report it (return) or fail (ALREADY_EXISTS).',
		},
		"returns":
		[
			ProjectFiles.CHANGED,
			{"status!": "@create_status", "created": "array<string>: Folders made, outermost first."},
		],
	},
	"folder.delete":
	{
		"text":
		(
			"Delete a project folder. A non-empty folder is refused (NOT_EMPTY) unless recursive is true. "
			+ ProjectFiles.UNDO_TEXT
		),
		"args":
		{
			"path!": "string: Folder to delete (res:// path).",
			"recursive": "boolean=false: Also delete everything inside; without it a non-empty folder is refused.",
		},
		"returns": [ProjectFiles.CHANGED, {"deleted_files": "integer", "deleted_folders": "integer"}],
		"marks": "destructive scene_independent",
	},
}


static func create(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	if path.succeeded() and FileAccess.file_exists(path.value):
		return Result.fail("ALREADY_EXISTS", "'%s' is a file." % path.value, "Pick another folder name.")
	var policy: Result = IfExists.read(params) if path.succeeded() else path
	if policy.failed():
		return policy
	if DirAccess.dir_exists_absolute(path.value):
		var existing: String = IfExists.FAIL if policy.value == IfExists.FAIL else IfExists.RETURN
		return IfExists.answer(existing, "'%s'" % path.value, {"path": path.value})
	var idle: Result = await ProjectFiles.wait_until_idle()
	if idle.failed():
		return idle
	var created: PackedStringArray = _missing_folders(path.value)
	var err: Error = DirAccess.make_dir_recursive_absolute(path.value)
	if err != OK:
		remove_folders(created)
		return ProjectFiles.write_failed(path.value, err)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Create folder %s" % path.value)
	action.do_method(FolderCommands.make_folders.bind(created))
	action.undo_method(FolderCommands.remove_folders.bind(created))
	action.commit_recorded()
	await ProjectFiles.rescan()
	return Result.of({"path": path.value, "status": "created", "created": created, "undoable": true})


static func delete(params: CommandParams) -> Result:
	var path: Result = _deletable(params)
	var tree: Result = _folders_under(path.value) if path.succeeded() else path
	if tree.failed():
		return tree
	var folders: PackedStringArray = tree.value
	var files: PackedStringArray = _files_in(folders)
	if folders.size() + files.size() > 1 and not params.flag("recursive"):
		return _not_empty(path.value, files.size(), folders.size() - 1)
	var secret: Result = _without_secret_files(path.value, files)
	if secret.failed():
		return secret
	var idle: Result = await ProjectFiles.wait_until_idle()
	if idle.failed():
		return idle
	var removed: Result = _remove_recorded(path.value, folders, files)
	if removed.failed():
		return removed
	await ProjectFiles.rescan()
	var deleted: Dictionary = {"path": path.value, "deleted_files": files.size(), "deleted_folders": folders.size()}
	deleted["undoable"] = removed.value
	return Result.of(deleted)


## Creates folders (outermost first) and asks the editor to rescan.
static func make_folders(folders: PackedStringArray) -> void:
	for folder: String in folders:
		DirAccess.make_dir_recursive_absolute(folder)
	ProjectFiles.request_scan()


## Removes folders that are still empty (innermost first) and asks the editor to rescan.
static func remove_folders(folders: PackedStringArray) -> void:
	for index: int in range(folders.size() - 1, -1, -1):
		DirAccess.remove_absolute(folders[index])
	ProjectFiles.request_scan()


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
	ProjectFiles.request_scan()
	return OK


## Recreates folders and the files of a snapshot.
static func rebuild(folders: PackedStringArray, files: Dictionary) -> void:
	make_folders(folders)
	ProjectFiles.restore(files)


## Deletes the tree and records the undo when its files are small enough to keep; the value is
## whether it did. WRITE_FAILED after putting back what was removed.
static func _remove_recorded(path: String, folders: PackedStringArray, files: PackedStringArray) -> Result:
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
	return Result.of(undoable)


## The folders of path that do not exist yet, outermost first.
static func _missing_folders(path: String) -> PackedStringArray:
	var missing: PackedStringArray = PackedStringArray()
	var current: String = path
	while current != "res://" and not DirAccess.dir_exists_absolute(current):
		missing.insert(0, current)
		current = current.get_base_dir()
	return missing


## path and every folder under it, outermost first; PATH_DENIED naming the first symbolic link met,
## since a recursive delete never follows a link (nor removes one: undo could not put it back).
static func _folders_under(path: String) -> Result:
	var folders: PackedStringArray = PackedStringArray([path])
	var index: int = 0
	while index < folders.size():
		var link: String = _first_link(folders[index])
		if link != "":
			return Result.fail(
				"PATH_DENIED",
				"'%s' holds the symbolic link '%s'; folder_delete neither follows nor removes links." % [path, link],
				"Remove the link outside the editor, then delete the folder."
			)
		for name: String in _names(folders[index], true):
			folders.append(folders[index].path_join(name))
		index += 1
	return Result.of(folders)


## The path of the first symbolic link directly in folder (hidden ones too), or "".
static func _first_link(folder: String) -> String:
	var dir: DirAccess = DirAccess.open(folder)
	if dir == null:
		return ""
	dir.include_hidden = true
	for name: String in dir.get_directories() + dir.get_files():
		if dir.is_link(name):
			return folder.path_join(name)
	return ""


## PERMISSION_DENIED naming the first secret file among files (SecretFiles: a recursive delete would
## remove what no tool may touch one by one), unless the project allows secret files.
static func _without_secret_files(path: String, files: PackedStringArray) -> Result:
	for file: String in files:
		var pattern: String = SecretFiles.pattern_for(file)
		if pattern == "":
			continue
		var message: String = "'%s' holds '%s', a secret file by its name (%s)." % [path, file, pattern]
		var hint: String = "Leave the folder: a person removes the secret file by hand first (or sets %s)."
		return Result.fail("PERMISSION_DENIED", message, hint % SecretFiles.ALLOW_SETTING)
	return Result.of(path)


## Every file in folders, hidden ones too.
static func _files_in(folders: PackedStringArray) -> PackedStringArray:
	var files: PackedStringArray = PackedStringArray()
	for folder: String in folders:
		for name: String in _names(folder, false):
			files.append(folder.path_join(name))
	return files


## The names of folder's sub-folders (or of its files), hidden ones too.
static func _names(folder: String, of_folders: bool) -> PackedStringArray:
	var dir: DirAccess = DirAccess.open(folder)
	if dir == null:
		return PackedStringArray()
	dir.include_hidden = true
	return dir.get_directories() if of_folders else dir.get_files()


## The folder params["path"] names when it may be deleted: PATH_DENIED for the project or a folder
## holding the addon, INVALID_PARAMS for a file, NOT_FOUND.
static func _deletable(params: CommandParams) -> Result:
	var path: Result = PathGuard.project_entry(params.value("path")).within("path")
	if path.failed():
		return path
	if path.value == "res://" or PathGuard.ADDON_DIR.begins_with(path.value + "/"):
		return Result.fail("PATH_DENIED", "'%s' holds the project or the MCP addon itself." % path.value)
	if DirAccess.dir_exists_absolute(path.value):
		return path
	if FileAccess.file_exists(path.value):
		return Result.fail("INVALID_PARAMS", "'%s' is a file." % path.value, "Delete files with file_delete.")
	return Result.fail("NOT_FOUND", "No folder at '%s'." % path.value, "List folders with file_list.")


static func _not_empty(path: String, files: int, folders: int) -> Result:
	return Result.fail(
		"NOT_EMPTY",
		"'%s' is not empty: %d files and %d folders inside." % [path, files, folders],
		"Pass recursive=true to delete it with everything inside, or see its contents with file_list."
	)
