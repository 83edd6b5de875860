@tool
extends Node
## Catches the wait status of the game process the editor runs (Linux): the exit code it quit with,
## or the signal that ended it. Godot gives scripts no way to read it, and the editor reaps its game as
## soon as the game's debugger connection drops: the debugger panel emits "stopped", and the editor's
## own listener of it stops the run, whose OS.kill waits for the process. The connection drops at any
## moment of a frame, even before the process has ended, so no per-frame look at /proc can come first.
## So while a game is watched, that listener is taken off the panel and called from here once
## /proc/PID/stat shows the zombie and its status (at most HOLD_MS later); the panel itself runs on.

## The wait status of a process that is gone and was never seen as a zombie.
const UNKNOWN := -1
## /proc/PID/stat fields after the command name: the state is field 3, the exit status field 52.
const STATE_FIELD := 0
const EXIT_FIELD := 49
## The longest the editor's stop of a run waits for its game to end.
const HOLD_MS := 3000
## The class of the editor's listener that stops the run when a debugger session closes.
const EDITOR_LISTENER := "EditorDebuggerNode"

var _pid: int = 0
var _panel: Node = null
## While off _panel: the editor's listener of "stopped", and the connections up to its own (its flags last).
var _editor_stop: Callable = Callable()
var _editor_stop_at: Array[Dictionary] = []
## The panel's session closed while its listener was off: the editor is still to stop the run.
var _closed: bool = false
## When the editor stops the run at the latest, whatever the game does (0: not holding it).
var _held_until: int = 0
var _run_bar: Node = null
var _status_pid: int = 0
var _status: int = UNKNOWN


func _init() -> void:
	name = "GodotMcpExitWatch"
	set_process(false)


## Starts watching pid (the game the editor just started, debugged in panel), forgetting an earlier one.
func watch(pid: int, panel: Node) -> void:
	_release()
	_pid = pid
	if pid > 0 and is_instance_valid(panel) and DirAccess.dir_exists_absolute("/proc/self"):
		_take_editor_stop(panel)


## The wait status of pid once it ended (exit code << 8, or the signal number), UNKNOWN when not seen.
func status_of(pid: int) -> int:
	if pid == _pid and _status_pid != pid and _editor_stop.is_valid():
		_game_ended()
	return _status if pid == _status_pid and pid > 0 else UNKNOWN


## Gives the panel its listener back (also when this node leaves the editor).
func _exit_tree() -> void:
	_release()


func _process(_delta: float) -> void:
	if _game_ended() or Time.get_ticks_msec() > _held_until:
		_release()


func _take_editor_stop(panel: Node) -> void:
	if not _stopped_without_arguments(panel):
		return
	var connections: Array[Dictionary] = panel.get_signal_connection_list("stopped")
	for index: int in connections.size():
		var listener: Callable = connections[index]["callable"]
		if listener.get_object() != null and listener.get_object().is_class(EDITOR_LISTENER):
			panel.disconnect("stopped", listener)
			panel.connect("stopped", _on_panel_stopped)
			_panel = panel
			_editor_stop = listener
			_editor_stop_at = connections.slice(0, index + 1)
			return


## Only the "stopped" this watch knows (Godot 4.6: no arguments) is taken over: its listener is called
## here as the panel calls it. Any other shape is left alone (the status is then not caught).
static func _stopped_without_arguments(panel: Node) -> bool:
	for found: Dictionary in panel.get_signal_list():
		if found["name"] == "stopped":
			return (found["args"] as Array).is_empty()
	return false


## The game's session closed: the editor stops the run once the game's end is seen.
func _on_panel_stopped() -> void:
	_closed = true
	if _game_ended():
		_release()
		return
	_held_until = Time.get_ticks_msec() + HOLD_MS
	# A run the editor stops itself meanwhile (game_stop, play again) must not be stopped again later.
	var run_bar: Node = _editor_run_bar()
	if run_bar != null and not run_bar.is_connected("stop_pressed", _release):
		run_bar.connect("stop_pressed", _release)
	set_process(true)


## Whether the game has ended: its status read from its zombie, or its process gone.
func _game_ended() -> bool:
	var state: PackedStringArray = _proc_state()
	if not state.is_empty() and state[STATE_FIELD] == "Z":
		_status_pid = _pid
		_status = int(state[EXIT_FIELD])
	return state.is_empty() or state[STATE_FIELD] == "Z"


## The fields of /proc/PID/stat after the command name; empty once the process is gone.
func _proc_state() -> PackedStringArray:
	# Read by line: /proc files report a length of 0, so reading "the whole file" gets nothing.
	var file: FileAccess = FileAccess.open("/proc/%d/stat" % _pid, FileAccess.READ)
	var stat: String = file.get_line() if file != null else ""
	var fields: PackedStringArray = stat.substr(stat.rfind(")") + 2).split(" ")
	return fields if stat != "" and fields.size() > EXIT_FIELD else PackedStringArray()


## Gives the panel back the editor's listener and, when the session closed meanwhile, calls it.
func _release() -> void:
	var closed: bool = _closed
	_closed = false
	_held_until = 0
	set_process(false)
	if is_instance_valid(_run_bar) and _run_bar.is_connected("stop_pressed", _release):
		_run_bar.disconnect("stop_pressed", _release)
	var listener: Callable = _editor_stop
	_editor_stop = Callable()
	if is_instance_valid(_panel) and listener.is_valid():
		_panel.disconnect("stopped", _on_panel_stopped)
		_put_back(listener)
	_panel = null
	if listener.is_valid() and closed:
		listener.call()


## Connects the editor's listener again behind those of its old leaders still there (not at its old
## index: one may have gone): a signal only appends, so the rest are taken off and appended behind it.
func _put_back(listener: Callable) -> void:
	var behind: Array[Dictionary] = _panel.get_signal_connection_list("stopped")
	while not behind.is_empty() and behind[0] in _editor_stop_at:
		behind.pop_front()
	for connection: Dictionary in behind:
		_panel.disconnect("stopped", connection["callable"])
	_panel.connect("stopped", listener, _editor_stop_at.back()["flags"])
	for connection: Dictionary in behind:
		_panel.connect("stopped", connection["callable"], connection["flags"])


## The editor's run bar (found once): its "stop_pressed" says the editor stopped the run itself.
func _editor_run_bar() -> Node:
	if _run_bar == null and is_inside_tree():
		var found: Array[Node] = get_tree().root.find_children("*", "EditorRunBar", true, false)
		_run_bar = found[0] if not found.is_empty() else null
	return _run_bar


## A wait status as [exit code or -1, signal or 0].
static func decode(status: int) -> PackedInt32Array:
	if status == UNKNOWN:
		return PackedInt32Array([-1, 0])
	if status & 0x7f == 0:
		return PackedInt32Array([(status >> 8) & 0xff, 0])
	return PackedInt32Array([-1, status & 0x7f])
