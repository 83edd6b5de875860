@tool
extends RefCounted
## The editor starts a game with editor/run/main_run_args appended to its command line, in the
## editor's own environment. To run the game headless from a headless editor (it cannot open a
## window) or on a private display, unthrottled for fast stepping (--fixed-fps; the game paces
## itself), to keep it from freezing on a script error while nobody is at the debugger, and to give
## it the editor's silent audio driver, extra flags and environment variables are set in memory
## just before playing and the user's values are put back right after; project.godot is never
## written. (A `%command%` wrapper in the run arguments cannot carry the environment in 4.6.)

const VersionGate := preload("res://addons/godot_live_mcp/contract/version_gate.gd")
const FramePacer := preload("res://addons/godot_live_mcp/runtime/frame_pacer.gd")
const SETTING := "editor/run/main_run_args"
const TICKS_SETTING := "physics/common/physics_ticks_per_second"
## What a game on the private display draws with: software OpenGL (llvmpipe), whatever the project asks.
## Nobody watches that screen, so it draws only when a screenshot asks for a frame (a sixth of the CPU or
## less: docs/adr/0003-screenshots-keep-the-game.md).
const DISPLAY_FLAGS: Array[String] = [
	"--rendering-method", "gl_compatibility", "--rendering-driver", "opengl3", "--disable-render-loop"
]

var _saved: Variant = null
var _applied: bool = false
var _saved_env: Dictionary = {}  # name -> the editor's value, or null when it had none


## The flags a game started now needs on this engine and display; on_display: it gets a private
## display although this editor is headless.
static func extra_flags(break_on_error: bool, on_display: bool = false) -> PackedStringArray:
	var flags: PackedStringArray = PackedStringArray()
	if on_display:
		flags.append_array(DISPLAY_FLAGS)
	elif DisplayServer.get_name() == "headless":
		flags.append("--headless")
	# One physics tick per frame, with no wait (V-Sync would be one): steps run as fast as the machine allows.
	flags.append_array(["--fixed-fps", str(fixed_fps())])
	if on_display or DisplayServer.get_name() != "headless":
		flags.append("--disable-vsync")
	# --ignore-error-breaks exists from Godot 4.5.
	if not break_on_error and VersionGate.compare(VersionGate.engine_version(), "4.5") >= 0:
		flags.append("--ignore-error-breaks")
	# An editor without a sound device (or told to use none) has a game without one: say so up front
	# rather than let the game fail to open one and log an error.
	if AudioServer.get_driver_name() == "Dummy":
		flags.append_array(["--audio-driver", "Dummy"])
	return flags


## The user's run arguments with flags added where the engine still reads them: before a `--` or
## `++` that starts the game's own arguments.
static func combined(user_args: String, flags: PackedStringArray) -> String:
	var words: PackedStringArray = user_args.split(" ", false)
	var at: int = words.size()
	for i: int in words.size():
		if words[i] == "--" or words[i] == "++":
			at = i
			break
	var before: PackedStringArray = words.slice(0, at)
	before.append_array(flags)
	before.append_array(words.slice(at))
	return " ".join(before)


## The game's frame rate under --fixed-fps: its physics rate, so that each frame is one physics tick.
static func fixed_fps() -> int:
	return maxi(1, int(ProjectSettings.get_setting(TICKS_SETTING, 60)))


## What the game finds in its environment besides display_env: the rate it paces itself to.
static func extra_env(display_env: Dictionary) -> Dictionary:
	var env: Dictionary = display_env.duplicate()
	env[FramePacer.FIXED_FPS_ENV] = str(fixed_fps())
	return env


func apply(flags: PackedStringArray, env: Dictionary = {}) -> void:
	if _applied:
		return
	_saved = ProjectSettings.get_setting(SETTING, "")
	ProjectSettings.set_setting(SETTING, combined(str(_saved), flags))
	for name: String in env:
		_saved_env[name] = OS.get_environment(name) if OS.has_environment(name) else null
		OS.set_environment(name, str(env[name]))
	_applied = true


func restore() -> void:
	if not _applied:
		return
	ProjectSettings.set_setting(SETTING, _saved)
	for name: String in _saved_env:
		if _saved_env[name] == null:
			OS.unset_environment(name)
		else:
			OS.set_environment(name, str(_saved_env[name]))
	_saved_env.clear()
	_applied = false
