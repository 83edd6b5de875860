@tool
extends RefCounted
## The files a scene needs (followed through the scenes and resources it uses) that this editor
## cannot load: missing files, and files no loader of this engine build reads (a C# script in an
## editor built without .NET). Checked before opening, because the engine stops at the first such
## file with a parse error or a modal dialog.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const MAX_FILES := 500
const FOLLOWED: Array[String] = ["tscn", "scn", "tres", "res"]


## [{"path", "problem": "missing"|"unloadable", "reason", "needed_by"}] for the scene at path.
static func broken(path: String) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	var seen: Dictionary = {path: true}
	var pending: Array[String] = [path]
	while not pending.is_empty() and seen.size() < MAX_FILES:
		var current: String = pending.pop_back()
		for dependency: String in ResourceLoader.get_dependencies(current):
			var needed: String = resolve(dependency)
			if seen.has(needed):
				continue
			seen[needed] = true
			var loads: Result = _loads(needed)
			if loads.failed():
				var problem: String = "missing" if loads.code == "NOT_FOUND" else "unloadable"
				found.append({"path": needed, "problem": problem, "reason": loads.message, "needed_by": current})
			elif needed.get_extension().to_lower() in FOLLOWED:
				pending.append(needed)
	return found


## The res:// path of a dependency entry ("uid://…::Type::res://…" or a bare path); a known UID wins.
static func resolve(dependency: String) -> String:
	var parts: PackedStringArray = dependency.split("::")
	var uid: String = parts[0]
	if uid.begins_with("uid://"):
		var id: int = ResourceUID.text_to_id(uid)
		if id != ResourceUID.INVALID_ID and ResourceUID.has_id(id):
			return ResourceUID.get_id_path(id)
	return parts[parts.size() - 1]


## "a.png (missing)" style summary of a broken() list for messages.
static func summary(found: Array[Dictionary]) -> String:
	var parts: PackedStringArray = PackedStringArray()
	for entry: Dictionary in found.slice(0, 10):
		parts.append("%s (%s: %s)" % [entry["path"], entry["problem"], entry["reason"]])
	if found.size() > 10:
		parts.append("and %d more" % (found.size() - 10))
	return "; ".join(parts)


## path when this editor can load it; else NOT_FOUND or LOAD_FAILED, the message saying why.
static func _loads(path: String) -> Result:
	if not FileAccess.file_exists(path):
		return Result.fail("NOT_FOUND", "the file does not exist")
	if ResourceLoader.exists(path):
		return Result.of(path)
	var extension: String = path.get_extension().to_lower()
	var reason: String = (
		"no loader in this editor reads '.%s' files (not imported yet, or a format it lacks)" % extension
	)
	if extension == "cs":
		reason = "C# scripts need the .NET build of Godot; this editor cannot load them"
	return Result.fail("LOAD_FAILED", reason)


## Whether the resource at path uses wanted, directly or through other scenes and resources.
static func reaches(path: String, wanted: String) -> bool:
	var seen: Dictionary = {path: true}
	var pending: Array[String] = [path]
	while not pending.is_empty() and seen.size() < MAX_FILES:
		for dependency: String in ResourceLoader.get_dependencies(pending.pop_back()):
			var needed: String = resolve(dependency)
			if needed == wanted:
				return true
			if not seen.has(needed) and needed.get_extension().to_lower() in FOLLOWED:
				seen[needed] = true
				pending.append(needed)
	return false
