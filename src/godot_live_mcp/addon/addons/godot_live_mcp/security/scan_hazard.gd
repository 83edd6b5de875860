@tool
extends RefCounted
## Godot's own file-system scan follows symbolic links: a folder link that points back at the folder
## it sits in or at one of its ancestors (`deep/up -> ..`, `deep/self -> .`, a link to `/`) makes it
## recurse without end, and the editor never finishes scanning. The tools look for one before they
## ask the editor to scan (folders with a .gdignore file, and hidden ones, the engine skips too).

const RealPath := preload("res://addons/godot_live_mcp/security/real_path.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")


## The res:// path of the first such link in the project, or "".
static func looping_link() -> String:
	var pending: PackedStringArray = PackedStringArray(["res://"])
	while not pending.is_empty():
		var folder: String = pending[pending.size() - 1]
		pending.remove_at(pending.size() - 1)
		var dir: DirAccess = DirAccess.open(folder)
		if dir == null or dir.file_exists(".gdignore"):
			continue
		for name: String in dir.get_directories():
			var path: String = folder.path_join(name)
			if not dir.is_link(name):
				pending.append(path)
			elif _points_back(path):
				return path
	return ""


## True when the link at path leads to its own folder or one of that folder's ancestors (or loops).
static func _points_back(path: String) -> bool:
	var link: String = ProjectSettings.globalize_path(path)
	var target: Result = RealPath.resolve(link)
	var home: Result = RealPath.resolve(link.get_base_dir())
	if target.failed() or home.failed():
		return true
	var target_path: String = target.value
	var home_path: String = home.value
	return home_path == target_path or home_path.begins_with(target_path.trim_suffix("/") + "/")
