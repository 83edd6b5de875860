@tool
extends RefCounted
## One run of the game, started here or from the editor's own play button: which process, where
## its runtime channel listens, and once it has ended, how (export-clean).

## "exited": the game shut down by itself (its runtime server withdrew its entry);
## "stopped": game.stop ended it; "crashed": it vanished without shutting down.
const ENDS: Array = ["exited", "stopped", "crashed"]

const Untrusted := preload("res://addons/godot_live_mcp/security/untrusted.gd")

var scene: String = ""
var started_unix: float = 0.0
var started_by: String = "mcp"
var pid: int = 0
var runtime_port: int = 0
var stop_requested: bool = false
var end: String = ""
var ended_unix: float = 0.0
var last_log_lines: PackedStringArray = PackedStringArray()


func is_running() -> bool:
	return end == ""


func to_dict() -> Dictionary:
	var data: Dictionary = {
		"scene": scene,
		"started_by": started_by,
		"started_unix": started_unix,
		"pid": pid,
		"runtime_port": runtime_port,
	}
	if not is_running():
		data["ended"] = end
		data["ended_unix"] = ended_unix
		data["last_log_lines"] = Untrusted.wrap_strings("log", "the game", Array(last_log_lines))
	return data
