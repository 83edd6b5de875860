@tool
extends RefCounted
## Tells when the process that started this one is gone, however it ended (export-clean): the editor
## godot-live-mcp launched watches the server, a game watches the editor that runs it. The parent
## names itself in GODOT_LIVE_MCP_PARENT_PID; this process then names itself there for its own children.

const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")

const PARENT_ENV := "GODOT_LIVE_MCP_PARENT_PID"
const EVERY_MS := 500

## Read once per process: after that the variable names this process.
static var _inherited: int = -1

var _parent: int = 0
var _next_check_ms: int = 0


func _init() -> void:
	_parent = parent_pid()


## The process that started this one (0: none named), read from the environment once.
static func parent_pid() -> int:
	if _inherited < 0:
		var given: String = OS.get_environment(PARENT_ENV).strip_edges()
		_inherited = int(given) if given.is_valid_int() else 0
		OS.set_environment(PARENT_ENV, str(OS.get_process_id()))
	return _inherited


## True once the parent has ended (probed at most every EVERY_MS); false without a named parent.
func parent_gone() -> bool:
	if _parent <= 0 or Time.get_ticks_msec() < _next_check_ms:
		return false
	_next_check_ms = Time.get_ticks_msec() + EVERY_MS
	return not ProcessProbe.is_alive(_parent)
