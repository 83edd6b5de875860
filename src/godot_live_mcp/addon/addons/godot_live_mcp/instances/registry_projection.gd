@tool
extends RefCounted
## Fans the per-instance entry files into projects.json (export-clean), keyed by entry file stem: prunes
## entries whose process is gone or whose port a newer entry took, overlays each game's runtime entry
## onto the editor that launched it, lists every game under "games" (by entry stem, whoever launched it),
## and writes the result atomically, the previous one kept as projects.json.bak.
## Editors and games of several processes rebuild it at once, so each writer checks the entries again
## after its write and rebuilds until what it wrote is what they say (the last writer always checks).

const JsonFile := preload("res://addons/godot_live_mcp/instances/json_file.gd")
const RegistryPaths := preload("res://addons/godot_live_mcp/instances/registry_paths.gd")
const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")
const GameKey := preload("res://addons/godot_live_mcp/instances/game_key.gd")
const SCHEMA := 1
const MAX_REBUILDS := 8


static func rebuild() -> Error:
	var written: String = ""
	var error: Error = OK
	for _attempt: int in MAX_REBUILDS:
		var editors: Dictionary = {}
		var runtimes: Dictionary = {}
		_scan(editors, runtimes)
		_prune_port_conflicts(editors)
		var seen: String = _signature(editors, runtimes)
		if seen == written:
			return error
		error = _write(editors, runtimes)
		written = seen
	return error


## What a projection holds, keys sorted: another writer's stale write differs from it.
static func _signature(editors: Dictionary, runtimes: Dictionary) -> String:
	return JSON.stringify({"editors": editors, "runtimes": runtimes}, "", true)


static func _write(editors: Dictionary, runtimes: Dictionary) -> Error:
	var projects: Dictionary = {}
	for key: String in editors:
		var entry: Dictionary = editors[key]
		entry["runtime"] = _game_of(entry, runtimes)
		projects[key] = entry
	var document: Dictionary = {
		"schema": SCHEMA, "updated_unix": Time.get_unix_time_from_system(), "projects": projects, "games": runtimes
	}
	return _write_keeping_backup(RegistryPaths.projects_file(), document)


## The game an editor launched (the newest, when it ran several), else null.
static func _game_of(editor: Dictionary, runtimes: Dictionary) -> Variant:
	var found: Variant = null
	for key: String in runtimes:
		var game: Dictionary = runtimes[key]
		if game.get("project_hash") != editor.get("project_hash"):
			continue
		if int(game.get("launcher_pid", 0)) != int(editor.get("pid", -1)):
			continue
		if found == null or float(game.get("started_unix", 0)) > float((found as Dictionary).get("started_unix", 0)):
			found = game
	return found


static func _scan(editors: Dictionary, runtimes: Dictionary) -> void:
	var folder: String = RegistryPaths.entries_dir()
	for file_name: String in DirAccess.get_files_at(folder):
		if not file_name.ends_with(".json"):
			continue
		var path: String = folder.path_join(file_name)
		var entry: Dictionary = JsonFile.read(path)
		if entry.is_empty() or not ProcessProbe.is_alive(int(entry.get("pid", 0))):
			JsonFile.remove(path)
			continue
		if GameKey.is_game_entry(file_name):
			runtimes[file_name.trim_suffix(".json")] = entry
		else:
			editors[file_name.trim_suffix(".json")] = entry  # "<hash>.<pid>"


## Two live entries cannot own one port: the older one is stale.
static func _prune_port_conflicts(editors: Dictionary) -> void:
	var owner_by_port: Dictionary = {}
	for key: String in editors.keys():
		var entry: Dictionary = editors[key]
		var port: int = int(entry.get("editor_port", 0))
		if not owner_by_port.has(port):
			owner_by_port[port] = key
			continue
		var other: String = owner_by_port[port]
		var other_entry: Dictionary = editors[other]
		var older: String = (
			key if float(entry.get("started_unix", 0)) < float(other_entry.get("started_unix", 0)) else other
		)
		editors.erase(older)
		owner_by_port[port] = other if older == key else key


static func _write_keeping_backup(path: String, document: Dictionary) -> Error:
	if FileAccess.file_exists(path):
		DirAccess.copy_absolute(path, path + ".bak")
	return JsonFile.write_atomic(path, document)
