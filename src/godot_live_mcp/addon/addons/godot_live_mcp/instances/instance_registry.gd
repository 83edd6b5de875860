@tool
extends RefCounted
## Publishes this instance in the machine-wide registry and withdraws it at exit (export-clean).
## Each instance writes only its own entry file; the rebuild of projects.json runs under a lock.

const JsonFile := preload("res://addons/godot_live_mcp/instances/json_file.gd")
const RegistryPaths := preload("res://addons/godot_live_mcp/instances/registry_paths.gd")
const RegistryProjection := preload("res://addons/godot_live_mcp/instances/registry_projection.gd")
const ProjectIdentity := preload("res://addons/godot_live_mcp/instances/project_identity.gd")
const DirLock := preload("res://addons/godot_live_mcp/instances/dir_lock.gd")
const GameKey := preload("res://addons/godot_live_mcp/instances/game_key.gd")
const SCHEMA := 1
## The longest a start-up or exit path waits for the registry lock on the main thread (a slow frame).
const MAIN_THREAD_WAIT_MS := 50

var _entry_path: String = ""


## The token file path of this instance's channel ("editor" or "runtime").
func token_path(channel: String) -> String:
	return RegistryPaths.tokens_dir().path_join(_file_stem(channel) + ".token")


## Writes this instance's entry (see _file_stem) with the given fields plus identity, then rebuilds.
func publish(channel: String, fields: Dictionary) -> Error:
	_entry_path = RegistryPaths.entries_dir().path_join(_file_stem(channel) + ".json")
	var entry: Dictionary = {
		"schema": SCHEMA,
		"project_hash": ProjectIdentity.project_hash(),
		"project_path": ProjectIdentity.project_path(),
		"project_name": ProjectIdentity.project_name(),
		"pid": OS.get_process_id(),
		"started_unix": Time.get_unix_time_from_system(),
	}
	entry.merge(fields, true)
	var err: Error = JsonFile.write_atomic(_entry_path, entry)
	if err != OK:
		return err
	return rebuild_locked()


## Lays fields over this instance's published entry, then rebuilds; nothing before publish().
func update(fields: Dictionary) -> Error:
	if _entry_path == "":
		return ERR_UNCONFIGURED
	var entry: Dictionary = JsonFile.read(_entry_path)
	entry.merge(fields, true)
	var err: Error = JsonFile.write_atomic(_entry_path, entry)
	return err if err != OK else rebuild_locked()


## Removes this instance's entry and rebuilds; safe to call twice.
func withdraw() -> void:
	if _entry_path == "":
		return
	JsonFile.remove(_entry_path)
	_entry_path = ""
	rebuild_locked(false)


## Rebuilds projects.json under the machine-wide lock, on start-up and exit paths, where nothing is
## awaited. While another process holds the lock past MAIN_THREAD_WAIT_MS, the rebuild goes on frame by
## frame (rebuild_locked_async) and the editor keeps running; at exit (later false) it is left to the
## next rebuild, which drops an entry whose process is gone (readers check the process too).
static func rebuild_locked(later: bool = true) -> Error:
	var lock: DirLock = DirLock.new(RegistryPaths.lock_dir())
	if not lock.acquire_within(MAIN_THREAD_WAIT_MS):
		if later:
			rebuild_locked_async()
		return OK
	var err: Error = RegistryProjection.rebuild()
	lock.release()
	return err


## The same for a command handler: waits for the lock frame by frame, never sleeping.
static func rebuild_locked_async() -> Error:
	var lock: DirLock = DirLock.new(RegistryPaths.lock_dir())
	await lock.acquire_async()
	var err: Error = RegistryProjection.rebuild()
	lock.release()
	return err


## "<project hash>.<pid>" for the editor: its own name, whoever else opens the project, even at the same
## moment (a stem chosen by looking for a live holder first let two editors starting together take one),
## "<project hash>.runtime.<game id>" for a game (see game_key.gd).
func _file_stem(channel: String) -> String:
	if channel == "runtime":
		return GameKey.stem(GameKey.own_id())
	return "%s.%d" % [ProjectIdentity.project_hash(), OS.get_process_id()]
