@tool
extends RefCounted
## Walks project folders the way the file tools show them: sorted, depth first, without hidden
## entries (.godot, .git, …), the toolkit's temporary files or the addon's own folder. Symbolic
## links are neither listed nor entered, so a walk never leaves the project and never loops (a link
## that stays inside shows its target under the target's own path).

const Glob := preload("res://addons/godot_live_mcp/shared/glob.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const SecretFiles := preload("res://addons/godot_live_mcp/security/secret_files.gd")


## Every folder and file under root: {"path", "type": "file"|"folder", "size" (files)}.
static func walk(root: String, recursive: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	_walk_into(root, recursive, found)
	return found


## The files under root whose name (or, for a glob with "/", path relative to root) matches glob;
## files that are secrets by name (SecretFiles) are left out, since callers read what this returns.
static func files(root: String, recursive: bool, glob: String = "*") -> PackedStringArray:
	var paths: PackedStringArray = PackedStringArray()
	for entry: Dictionary in walk(root, recursive):
		if entry["type"] != "file" or SecretFiles.pattern_for(entry["path"]) != "":
			continue
		if matches(glob, root, entry["path"]):
			paths.append(entry["path"])
	return paths


## Glob rules: "*" and "?" as in String.match; a glob without "/" tests the file name, one with "/"
## the path relative to root ("**/" may also match nothing, so "**/*.gd" finds top-level scripts too).
static func matches(glob: String, root: String, path: String) -> bool:
	if glob == "" or glob == "*":
		return true
	if not glob.contains("/"):
		return Glob.matches(path.get_file(), glob)
	var relative: String = path.trim_prefix(root).trim_prefix("/")
	return Glob.matches(relative, glob) or (glob.begins_with("**/") and Glob.matches(relative, glob.substr(3)))


static func _walk_into(folder: String, recursive: bool, found: Array[Dictionary]) -> void:
	var dir: DirAccess = DirAccess.open(folder)
	if dir == null:
		return
	for name: String in _sorted(dir.get_directories()):
		var path: String = folder.path_join(name)
		if _shown(path) and not dir.is_link(name):
			found.append({"path": path, "type": "folder"})
			if recursive:
				_walk_into(path, recursive, found)
	for name: String in _sorted(dir.get_files()):
		var path: String = folder.path_join(name)
		if _shown(path) and not dir.is_link(name) and not name.ends_with(ProjectFiles.TEMP_SUFFIX):
			found.append({"path": path, "type": "file", "size": FileAccess.get_size(path)})


static func _shown(path: String) -> bool:
	if path.get_file().begins_with("."):
		return false
	return path != PathGuard.ADDON_DIR and not path.begins_with(PathGuard.ADDON_DIR + "/")


static func _sorted(names: PackedStringArray) -> PackedStringArray:
	var copy: PackedStringArray = names.duplicate()
	copy.sort()
	return copy
