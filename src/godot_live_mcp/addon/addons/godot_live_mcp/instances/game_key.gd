@tool
extends RefCounted
## How a running game is keyed in the registry (export-clean): by who launched it and by its run, so
## two games of one project (two editors, or a launcher's parallel playtests) never share a slot. Its
## id is "<launcher pid>-<game pid>": the launcher is the editor or other process that started it and
## named itself in GODOT_LIVE_MCP_PARENT_PID (0 when none did); the game's own pid is the run. Its
## files are entries/<hash>.runtime.<id>.json, tokens/<hash>.runtime.<id>.token, logs/<hash>.runtime.<id>.log.

const RegistryPaths := preload("res://addons/godot_live_mcp/instances/registry_paths.gd")
const ProjectIdentity := preload("res://addons/godot_live_mcp/instances/project_identity.gd")
const ParentWatch := preload("res://addons/godot_live_mcp/instances/parent_watch.gd")

const MARK := ".runtime."


## This game's id (called in the game).
static func own_id() -> String:
	return id_of(ParentWatch.parent_pid(), OS.get_process_id())


static func id_of(launcher: int, pid: int) -> String:
	return "%d-%d" % [launcher, pid]


static func stem(game_id: String) -> String:
	return ProjectIdentity.project_hash() + MARK + game_id


static func entry_path(game_id: String) -> String:
	return RegistryPaths.entries_dir().path_join(stem(game_id) + ".json")


static func token_path(game_id: String) -> String:
	return RegistryPaths.tokens_dir().path_join(stem(game_id) + ".token")


static func log_path(game_id: String) -> String:
	return RegistryPaths.root().path_join("logs").path_join(stem(game_id) + ".log")


## Whether an entry file (by name) is a game's rather than an editor's.
static func is_game_entry(file_name: String) -> bool:
	return file_name.contains(MARK) and file_name.ends_with(".json")


## The ids of this project's games that launcher started, from their entry files (live or not).
static func ids_launched_by(launcher: int) -> PackedStringArray:
	return _ids_in(RegistryPaths.entries_dir(), launcher, ".json")


## The logs of this project's games that launcher started (paths).
static func logs_launched_by(launcher: int) -> PackedStringArray:
	var ids: Array = Array(_ids_in(RegistryPaths.root().path_join("logs"), launcher, ".log"))
	return PackedStringArray(ids.map(func(id: String) -> String: return log_path(id)))


## The ids of launcher's games that have a file of suffix in folder.
static func _ids_in(folder: String, launcher: int, suffix: String) -> PackedStringArray:
	var ids: PackedStringArray = PackedStringArray()
	if not DirAccess.dir_exists_absolute(folder):  # no game has written one yet
		return ids
	for file_name: String in DirAccess.get_files_at(folder):
		if file_name.begins_with(stem("%d-" % launcher)) and file_name.ends_with(suffix):
			ids.append(file_name.trim_prefix(stem("")).trim_suffix(suffix))
	return ids


## The log of this project's game that launcher started most recently at or after since_unix ("" when
## there is none): a game that crashed before it listened wrote a log but no entry.
static func newest_log_launched_by(launcher: int, since_unix: float) -> String:
	var newest: String = ""
	var newest_time: int = int(since_unix) - 1
	for path: String in logs_launched_by(launcher):
		if FileAccess.get_modified_time(path) >= newest_time:
			newest_time = FileAccess.get_modified_time(path)
			newest = path
	return newest
