@tool
extends RefCounted
## The editor starts a game with editor/run/main_run_args appended to its command line. To run
## the game headless from a headless editor (it cannot open a window), to keep it from freezing on
## a script error while nobody is at the debugger, and to give it the editor's silent audio driver,
## extra flags are set in memory just before playing and the user's value is put back right after;
## project.godot is never written.

const VersionGate := preload("res://addons/godot_live_mcp/contract/version_gate.gd")
const SETTING := "editor/run/main_run_args"

var _saved: Variant = null
var _applied: bool = false


## The flags a game started now needs on this engine and display.
static func extra_flags(break_on_error: bool) -> PackedStringArray:
	var flags: PackedStringArray = PackedStringArray()
	if DisplayServer.get_name() == "headless":
		flags.append("--headless")
	# --ignore-error-breaks exists from Godot 4.5.
	if not break_on_error and VersionGate.compare(VersionGate.engine_version(), "4.5") >= 0:
		flags.append("--ignore-error-breaks")
	# An editor without a sound device (or told to use none) has a game without one: say so up front
	# rather than let the game fail to open one and log an error.
	if AudioServer.get_driver_name() == "Dummy":
		flags.append_array(["--audio-driver", "Dummy"])
	return flags


func apply(flags: PackedStringArray) -> void:
	if flags.is_empty() or _applied:
		return
	_saved = ProjectSettings.get_setting(SETTING, "")
	ProjectSettings.set_setting(SETTING, ("%s %s" % [_saved, " ".join(flags)]).strip_edges())
	_applied = true


func restore() -> void:
	if _applied:
		ProjectSettings.set_setting(SETTING, _saved)
		_applied = false
