@tool
extends RefCounted
## The built-in modules' declarations (Declarations.record_of) kept in the project's .godot/ folder,
## so an editor start describes every command without loading the modules. The cache is keyed by the
## engine's version and the path and content of every script of the addon (a table may use constants
## of any script it preloads; contents, not times, since copies and packages may keep old times); a
## missing, unreadable or stale cache is rebuilt.

const ADDON_FOLDER := "res://addons/godot_live_mcp/"
const FILE := "res://.godot/godot_live_mcp/declarations.bin"
## Bump when the shape of a record changes, so no older cache is read.
const FORMAT := 1


## The cached records when they match the addon as it is on disk; otherwise build.call() (the
## records, loading every module), saved for the next start.
static func records(build: Callable) -> Array:
	var key: String = fingerprint()
	var cached: Variant = _read()
	if cached is Dictionary and (cached as Dictionary).get("key", "") == key:
		return (cached as Dictionary)["records"]
	var built: Array = build.call()
	_write({"key": key, "records": built})
	return built


## What the cache is valid for: the format, the engine's version and every script of the addon.
static func fingerprint() -> String:
	var parts: PackedStringArray = ["%d %s" % [FORMAT, Engine.get_version_info()["string"]]]
	_stamp_scripts(ADDON_FOLDER, parts)
	return "\n".join(parts).md5_text()


static func _stamp_scripts(folder: String, parts: PackedStringArray) -> void:
	for file: String in DirAccess.get_files_at(folder):
		if file.ends_with(".gd"):
			parts.append("%s%s %s" % [folder, file, FileAccess.get_md5(folder + file)])
	for sub: String in DirAccess.get_directories_at(folder):
		_stamp_scripts(folder + sub + "/", parts)


static func _read() -> Variant:
	var file: FileAccess = FileAccess.open(FILE, FileAccess.READ)
	return file.get_var() if file != null else null


## A cache that cannot be written costs the next start the modules' loading, nothing else.
static func _write(content: Dictionary) -> void:
	DirAccess.make_dir_recursive_absolute(FILE.get_base_dir())
	var file: FileAccess = FileAccess.open(FILE, FileAccess.WRITE)
	if file != null:
		file.store_var(content)
