@tool
extends Node
## Catches the wait status of the game process the editor runs (Linux): the exit code it quit with,
## or the signal that ended it. Godot gives scripts no way to read an exit code, and the editor kills
## and reaps its game as soon as the game's debugger connection drops, which a quitting game closes
## before its process has ended: the status would be lost. So while a game that withdrew its runtime
## entry (it is shutting down cleanly) finishes, the debugger panel's processing is held, for at most
## HOLD_MS, until /proc/PID/stat shows the zombie and its status; then the editor goes on as usual.
## This node runs first in every frame (lowest process priority), before the debugger panel.

const GameKey := preload("res://addons/godot_live_mcp/instances/game_key.gd")

## The wait status of a process that is gone and was never seen as a zombie.
const UNKNOWN := -1
## /proc/PID/stat fields after the command name: the state is field 3, the exit status field 52.
const STATE_FIELD := 0
const EXIT_FIELD := 49
## The longest a quitting game holds the debugger panel.
const HOLD_MS := 3000

var _pid: int = 0
var _panel: Node = null
var _entry_seen: bool = false
var _held_until: int = 0
var _status_pid: int = 0
var _status: int = UNKNOWN


func _init() -> void:
	name = "GodotMcpExitWatch"
	process_priority = -1000
	set_process(false)


## Starts watching pid (the game the editor just started, debugged in panel), forgetting an earlier one.
func watch(pid: int, panel: Node) -> void:
	_release()
	_pid = pid
	_panel = panel
	_entry_seen = false
	set_process(pid > 0 and DirAccess.dir_exists_absolute("/proc/self"))


## The wait status of pid once it ended (exit code << 8, or the signal number), UNKNOWN when not seen.
func status_of(pid: int) -> int:
	if pid == _pid and is_processing():
		_process(0.0)
	return _status if pid == _status_pid and pid > 0 else UNKNOWN


## Lets the debugger panel go on (also when this node leaves the editor).
func _exit_tree() -> void:
	_release()


func _process(_delta: float) -> void:
	var state: PackedStringArray = _proc_state()
	if state.is_empty():
		_stop()
		return
	if state[STATE_FIELD] == "Z":
		_status_pid = _pid
		_status = int(state[EXIT_FIELD])
		_stop()
		return
	var entry_exists: bool = FileAccess.file_exists(_entry_path())
	_entry_seen = _entry_seen or entry_exists
	if _entry_seen and not entry_exists and _held_until == 0:
		_hold()
	elif _held_until != 0 and Time.get_ticks_msec() > _held_until:
		_release()


## The fields of /proc/PID/stat after the command name; empty once the process is gone.
func _proc_state() -> PackedStringArray:
	# Read by line: /proc files report a length of 0, so reading "the whole file" gets nothing.
	var file: FileAccess = FileAccess.open("/proc/%d/stat" % _pid, FileAccess.READ)
	var stat: String = file.get_line() if file != null else ""
	var fields: PackedStringArray = stat.substr(stat.rfind(")") + 2).split(" ")
	return fields if stat != "" and fields.size() > EXIT_FIELD else PackedStringArray()


func _hold() -> void:
	_held_until = Time.get_ticks_msec() + HOLD_MS
	if is_instance_valid(_panel):
		_panel.set_process(false)


func _release() -> void:
	if _held_until != 0 and is_instance_valid(_panel):
		_panel.set_process(true)
	_held_until = 0


func _stop() -> void:
	_release()
	set_process(false)


func _entry_path() -> String:
	return GameKey.entry_path(GameKey.id_of(OS.get_process_id(), _pid))


## A wait status as [exit code or -1, signal or 0].
static func decode(status: int) -> PackedInt32Array:
	if status == UNKNOWN:
		return PackedInt32Array([-1, 0])
	if status & 0x7f == 0:
		return PackedInt32Array([(status >> 8) & 0xff, 0])
	return PackedInt32Array([-1, status & 0x7f])
