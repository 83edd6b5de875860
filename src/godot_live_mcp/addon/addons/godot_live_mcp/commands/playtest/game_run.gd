@tool
extends RefCounted
## One run of the game, started here or from the editor's own play button: which process, where
## its runtime channel listens, and once it has ended, how (export-clean).

## How a run ends: see GameEnding.ENDS.
const ENDS: Array = ["exited", "stopped", "crashed", "killed"]

const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")

var scene: String = ""
var started_unix: float = 0.0
var started_by: String = "mcp"
var pid: int = 0
var runtime_port: int = 0
## "<launcher pid>-<game pid>" (instances/game_key.gd), "" until its runtime channel listened.
var game_id: String = ""
## What it draws on: "none" (headless), "screen" (the editor's display), "virtual" (a private Xvfb).
var display: String = "none"
var stop_requested: bool = false
var end: String = ""
var ended_unix: float = 0.0
var last_log_lines: PackedStringArray = PackedStringArray()
## Why game_stop had to kill it ("" when it did not).
var kill_reason: String = ""
## How it ended, beyond end (GameEnding.to_dict: how, exit_code, signal, log).
var ending: Dictionary = {}


func is_running() -> bool:
	return end == ""


func to_dict() -> Dictionary:
	var data: Dictionary = {
		"scene": scene,
		"started_by": started_by,
		"started_unix": started_unix,
		"pid": pid,
		"game_id": game_id,
		"runtime_port": runtime_port,
		"display": display,
	}
	if not is_running():
		data["ended"] = end
		data["ended_unix"] = ended_unix
		data["last_log_lines"] = Scrubber.scrub_value(Array(last_log_lines))
		data.merge(ending)
	return data
