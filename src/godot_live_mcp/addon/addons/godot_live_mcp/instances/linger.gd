@tool
extends RefCounted
## An editor that `serve --linger` launched outlives its server, so the next assistant session on the
## project finds it ready (contract.json "linger"). Once its server is gone, while no client is
## connected, it stays for the set time, its deadline published in its registry entry, then quits; a
## client that connects holds it, and it waits again from when the last one leaves. It steps aside
## at once for another editor of the project (a person opening it in the GUI editor).

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const JsonFile := preload("res://addons/godot_live_mcp/instances/json_file.gd")
const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")
const ProjectIdentity := preload("res://addons/godot_live_mcp/instances/project_identity.gd")
const RegistryPaths := preload("res://addons/godot_live_mcp/instances/registry_paths.gd")
const GameKey := preload("res://addons/godot_live_mcp/instances/game_key.gd")

const CHECK_EVERY_MS := 1000

## Seconds to stay without clients once the server is gone; 0: quit with the server.
var linger_s: float = 0.0
var _deadline_unix: float = 0.0
var _next_check_ms: int = 0


func _init() -> void:
	linger_s = configured_s()


## The linger this process was launched with (its environment), held to the contract's maximum.
static func configured_s() -> float:
	var linger: Dictionary = ContractData.section("linger")
	var given: String = OS.get_environment(str(linger.get("env", ""))).strip_edges()
	if not given.is_valid_float():
		return 0.0
	return clampf(given.to_float(), 0.0, float(linger.get("max_minutes", 0)) * 60.0)


## Called each frame once the server that launched this editor is gone: "" while the editor stays,
## else why it quits. publish(fields) updates this editor's registry entry.
func reason_to_quit(clients: int, publish: Callable) -> String:
	if linger_s <= 0.0:
		return "the server that launched this editor is gone"
	if Time.get_ticks_msec() < _next_check_ms:
		return ""
	_next_check_ms = Time.get_ticks_msec() + CHECK_EVERY_MS
	_follow_clients(clients, publish)
	if _deadline_unix == 0.0:
		return ""
	if Time.get_unix_time_from_system() >= _deadline_unix:
		return "no client came within %.0f s of the last one leaving (serve --linger)" % linger_s
	var other: int = _other_editor_of_project()
	return "editor pid %d opened this project; this lingering one steps aside" % other if other > 0 else ""


## A client holds the editor (no deadline); the last one leaving starts the wait again.
func _follow_clients(clients: int, publish: Callable) -> void:
	var waiting: bool = _deadline_unix > 0.0
	if clients > 0 and waiting:
		_deadline_unix = 0.0
		publish.call({"linger_deadline_unix": 0.0})
	elif clients == 0 and not waiting:
		_deadline_unix = Time.get_unix_time_from_system() + linger_s
		publish.call({"linger_deadline_unix": _deadline_unix})


## The pid of another live editor registered for this project, 0 when there is none.
static func _other_editor_of_project() -> int:
	var project: String = ProjectIdentity.project_hash()
	var folder: String = RegistryPaths.entries_dir()
	for file_name: String in DirAccess.get_files_at(folder):
		if not file_name.begins_with(project) or GameKey.is_game_entry(file_name):
			continue
		var entry: Dictionary = JsonFile.read(folder.path_join(file_name))
		var pid: int = int(entry.get("pid", 0))
		if pid != OS.get_process_id() and entry.has("editor_port") and ProcessProbe.is_alive(pid):
			return pid
	return 0
