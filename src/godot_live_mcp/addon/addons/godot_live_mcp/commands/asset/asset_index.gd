@tool
extends RefCounted
## The editor filesystem's view of the project's files: each file's resource type as the last scan
## recorded it, and which scenes and resources name a file (read from their headers, nothing loaded).
## The addon's own folder is left out.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const SceneDependencies := preload("res://addons/godot_live_mcp/authoring/scene_dependencies.gd")


## [{path, type}] of every file under folder, in folder order; NOT_FOUND for a folder the editor does not know.
static func files_under(folder: String) -> Result:
	var found: Result = _folder(folder)
	if found.failed():
		return found
	var rows: Array[Dictionary] = []
	_collect(found.value, rows)
	return Result.of(rows)


## The res:// paths of the project's scenes and resources that depend on path directly.
static func dependents_of(path: String) -> Result:
	var found: Result = files_under("res://")
	if found.failed():
		return found
	var users: Array[String] = []
	for row: Dictionary in found.value:
		if not str(row["path"]).get_extension().to_lower() in SceneDependencies.FOLLOWED:
			continue
		for dependency: String in ResourceLoader.get_dependencies(row["path"]):
			if SceneDependencies.resolve(dependency) == path:
				users.append(row["path"])
				break
	return Result.of(users)


static func _folder(folder: String) -> Result:
	var directory: EditorFileSystemDirectory = EditorInterface.get_resource_filesystem().get_filesystem_path(folder)
	if directory == null:
		return Result.fail(
			"NOT_FOUND",
			"The editor knows no folder '%s'." % folder,
			"Check the path with folder_list, or call editor_wait_for_idle with scan=true after adding files."
		)
	return Result.of(directory)


static func _collect(directory: EditorFileSystemDirectory, rows: Array[Dictionary]) -> void:
	if directory.get_path().trim_suffix("/") == PathGuard.ADDON_DIR:
		return
	for index: int in directory.get_file_count():
		rows.append({"path": directory.get_file_path(index), "type": str(directory.get_file_type(index))})
	for index: int in directory.get_subdir_count():
		_collect(directory.get_subdir(index), rows)
