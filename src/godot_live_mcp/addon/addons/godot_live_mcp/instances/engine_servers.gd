@tool
extends Node
## The editor's own GDScript language server, which authenticates no one: any local process that
## reaches its TCP port reads the project's code through it. In an editor the server's launcher
## started (GODOT_MCP_LSP_PORT set) it is held still (process disabled) before it first listens (the
## engine starts it on its first frame once the editor is ready), and listens (127.0.0.1, the
## launcher's port) only from an authenticated client's "language_server" request until IDLE_MS pass
## without another; then it is stopped (the engine stops it when it leaves the tree) and held again.
## The debug adapter never listens in such an editor: the launcher holds its port (launcher.py), and
## the debug tools use the editor's debugger session. An editor a person started keeps both servers
## as their editor settings say.

const ScanHazard := preload("res://addons/godot_live_mcp/security/scan_hazard.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## The lsp tools ask before every call; a call lasts at most 60 s. GODOT_MCP_LSP_IDLE_S overrides it.
const IDLE_MS := 120_000
const IDLE_ENV := "GODOT_MCP_LSP_IDLE_S"
const PORT_ENV := "GODOT_MCP_LSP_PORT"
const LANGUAGE_SERVER := "GDScriptLanguageServer"
## A change in this group restarts a language server that was stopped (the engine starts it once).
const RESTART_SETTING := "network/language_server/poll_limit_usec"

var _language_server: Node
var _opened_ms: int = -1
var _started_once: bool = false
var _restart_value: int = -1


func _init() -> void:
	name = "GodotMcpEngineServers"


## Holds the language server still (only in an editor the launcher started); stops it first when the
## plugin was enabled in an editor where it already listens.
func close_at_start(editor: Node) -> void:
	if OS.get_environment(PORT_ENV).to_int() <= 0:
		return
	for child: Node in editor.get_children():
		if child.get_class() == LANGUAGE_SERVER:
			_language_server = child
	if _language_server == null:
		return
	_started_once = _listening(OS.get_environment(PORT_ENV).to_int())
	_language_server.process_mode = Node.PROCESS_MODE_DISABLED
	if _started_once:
		_stop()


## Gives the language server back to the editor as it was: running, its restart setting restored.
func restore() -> void:
	if _language_server == null:
		return
	if _restart_value >= 0:
		_editor_settings().call(&"set_setting", RESTART_SETTING, _restart_value)
	_language_server.process_mode = Node.PROCESS_MODE_INHERIT
	_language_server = null


## The answer to "language_server": its port, opening it for IDLE_MS more; refused while a folder
## link loops (the engine's workspace walks every folder of the project when a client initializes).
func open_for_tools() -> Result:
	var port: int = OS.get_environment(PORT_ENV).to_int()
	var hazard: String = ScanHazard.looping_link()
	if hazard != "":
		return Result.fail(
			"LSP_UNAVAILABLE",
			"The folder link %s loops back into the project: the language server would walk it without end." % hazard,
			"Remove the link (the editor cannot scan the project while it is there either)."
		)
	if _language_server == null:
		return Result.of({"port": port, "managed": false})
	_open_language_server()
	return Result.of({"port": port, "managed": true, "idle_close_s": _idle_ms() / 1000})


func _open_language_server() -> void:
	_opened_ms = Time.get_ticks_msec()
	if _language_server.process_mode != Node.PROCESS_MODE_DISABLED:
		return
	_language_server.process_mode = Node.PROCESS_MODE_INHERIT
	if _started_once:
		_nudge_restart()
	_started_once = true


## The engine starts its language server on the first frame in the tree only once; afterwards a
## change of its settings group restarts it. The value alternates by one microsecond.
func _nudge_restart() -> void:
	var settings: Object = _editor_settings()
	var now: int = int(settings.call(&"get_setting", RESTART_SETTING))
	if _restart_value < 0:
		_restart_value = now
	settings.call(&"set_setting", RESTART_SETTING, _restart_value + 1 if now == _restart_value else _restart_value)
	# The editor tells its nodes about changed settings a while later; this one is told at once.
	var changed: int = ClassDB.class_get_integer_constant(&"EditorSettings", &"NOTIFICATION_EDITOR_SETTINGS_CHANGED")
	_language_server.notification(changed)


## Leaving the tree stops the server; coming back does not start it again.
func _stop() -> void:
	var editor: Node = _language_server.get_parent()
	var at: int = _language_server.get_index()
	editor.remove_child(_language_server)
	editor.add_child(_language_server)
	editor.move_child(_language_server, at)
	_language_server.process_mode = Node.PROCESS_MODE_DISABLED


func _process(_delta: float) -> void:
	if _opened_ms >= 0 and Time.get_ticks_msec() - _opened_ms > _idle_ms():
		_opened_ms = -1
		_stop()


static func _idle_ms() -> int:
	var given: String = OS.get_environment(IDLE_ENV)
	return given.to_int() * 1000 if given.is_valid_int() and given.to_int() > 0 else IDLE_MS


func _editor_settings() -> Object:
	return Engine.get_singleton(&"EditorInterface").call(&"get_editor_settings")


## Whether something listens on 127.0.0.1:port now (Linux; elsewhere assumed not).
static func _listening(port: int) -> bool:
	var table: FileAccess = FileAccess.open("/proc/net/tcp", FileAccess.READ)
	if table == null or port <= 0:
		return false
	var wanted: String = "0100007F:%04X" % port
	while not table.eof_reached():
		var columns: PackedStringArray = table.get_line().strip_edges().split(" ", false)
		if columns.size() > 3 and columns[1] == wanted and columns[3] == "0A":
			return true
	return false
