@tool
extends RefCounted
## Starts, stops and watches the game this editor runs. The game's runtime server publishes its entry
## (keyed by this editor and its run, instances/game_key.gd) when it listens and withdraws it when it
## shuts down cleanly, so an entry left behind by a dead process means the game crashed (or was killed).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const GameRun := preload("res://addons/godot_live_mcp/commands/playtest/game_run.gd")
const RunArgs := preload("res://addons/godot_live_mcp/commands/playtest/run_args.gd")
const GameDisplay := preload("res://addons/godot_live_mcp/commands/playtest/game_display.gd")
const JsonFile := preload("res://addons/godot_live_mcp/instances/json_file.gd")
const InstanceRegistry := preload("res://addons/godot_live_mcp/instances/instance_registry.gd")
const GameKey := preload("res://addons/godot_live_mcp/instances/game_key.gd")
const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")
const MainLoopGuard := preload("res://addons/godot_live_mcp/dispatch/main_loop_guard.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const GameEnding := preload("res://addons/godot_live_mcp/diagnostics/game_ending.gd")
const GameDebugger := preload("res://addons/godot_live_mcp/debugger/game_debugger.gd")

const START_TIMEOUT_S := 30.0
## Where the engine caches the project's global classes (ProjectSettings' class list), read by the game.
const CLASS_CACHE := "res://.godot/global_script_class_cache.cfg"
const STOP_TIMEOUT_S := 10.0
## How long a start waits for the editor to notice that the last run ended.
const CATCH_UP_MS := 2000
const POLL_S := 0.05
## The in-memory run arguments must be in place a few frames before the editor reads them.
const SETTLE_FRAMES := 3
## Set by godot-live-mcp serve (sandbox/__init__.py SANDBOX_ENV) for the editor it launches.
const SANDBOX_ENV := "GODOT_LIVE_MCP_SANDBOX"

var _run: GameRun
var _debugger: GameDebugger
var _main_loop: MainLoopGuard
## The editor's display servers not reaped yet (EditorServices.ended_displays).
var _ended_displays: Array[int]
## The private screen of the game running with display from a headless editor.
var _display: GameDisplay = null


func _init(debugger: GameDebugger, main_loop: MainLoopGuard, ended_displays: Array[int]) -> void:
	_debugger = debugger
	_main_loop = main_loop
	_ended_displays = ended_displays


## The current run if the game is up, else the last one (null before any); ended runs are closed.
func observe() -> GameRun:
	if _run != null and _run.is_running() and not _alive(_run.pid):
		_close(_run)
	if (_run == null or not _run.is_running()) and EditorInterface.is_playing_scene():
		_adopt_running_game()
	return _run


## Plays scene (the main scene when empty) and waits until its runtime channel listens; with_display:
## a headless editor gives it a private screen.
func start(scene: String, break_on_error: bool, with_display: bool = false) -> Result:
	var run: GameRun = observe()
	if run != null and not run.is_running():
		await _editor_stopped_playing()
	if (run != null and run.is_running()) or EditorInterface.is_playing_scene():
		return Result.fail(
			"GAME_ALREADY_RUNNING", "The game is already running (pid %d)." % (run.pid if run != null else 0)
		)
	_discard_stale_entry()
	# A crash before the game's runtime server starts must not show an earlier run's lines.
	for old_log: String in GameKey.logs_launched_by(OS.get_process_id()):
		DirAccess.remove_absolute(old_log)
	var screen: Result = await _open_display(with_display)
	if screen.failed():
		return screen
	var started_unix: float = Time.get_unix_time_from_system()
	var on_display: bool = not (screen.value as Dictionary).is_empty()
	await _play(scene, RunArgs.extra_flags(break_on_error, on_display), RunArgs.extra_env(screen.value))
	_run = GameRun.new()
	_run.display = _display_kind(on_display)
	_run.scene = (scene if scene != "" else str(ProjectSettings.get_setting("application/run/main_scene", "")))
	_run.started_unix = started_unix
	var entry: Result = await _wait_for_entry(started_unix)
	if entry.code == "GAME_PAUSED_IN_DEBUGGER":
		return entry  # Left stopped where it is, for debug_state; game_stop ends it.
	if entry.failed():
		return _failed_start()
	_take_entry(_run, entry.value)
	return Result.of(status())


## A run is closed as soon as its process is gone, a frame or more before the editor's debugger panel
## sees it and the editor stops playing: wait for that (bounded), so a start right after an ending
## is not refused. A game the play button started since stays playing, and is refused after the wait.
func _editor_stopped_playing() -> void:
	var deadline: int = Time.get_ticks_msec() + CATCH_UP_MS
	while EditorInterface.is_playing_scene() and Time.get_ticks_msec() < deadline:
		await _tree().process_frame


## Ends the game and waits (bounded) until its process is gone; a killed game's entry is removed.
func stop() -> Result:
	var run: GameRun = observe()
	if (run == null or not run.is_running()) and EditorInterface.is_playing_scene():
		# Playing but never reached (stopped in the debugger while starting): ended all the same.
		EditorInterface.stop_playing_scene()
		return Result.of(status())
	if run == null or not run.is_running():
		return Result.fail("GAME_NOT_RUNNING", "No game is running.", "game_status tells how the last run ended.")
	run.stop_requested = true
	EditorInterface.stop_playing_scene()
	var deadline: int = Time.get_ticks_msec() + int(STOP_TIMEOUT_S * 1000)
	while _alive(run.pid) and Time.get_ticks_msec() < deadline:
		await _tree().create_timer(POLL_S).timeout
	if _alive(run.pid):
		run.kill_reason = "timeout: it had not ended %.0f s after game_stop" % STOP_TIMEOUT_S
		OS.kill(run.pid)
		await _tree().create_timer(POLL_S * 4).timeout
	if _alive(run.pid):
		return Result.fail("TIMEOUT", "The game (pid %d) did not end within %.0f s." % [run.pid, STOP_TIMEOUT_S])
	_close(run)
	return Result.of(status())


## game.status's answer: the running game, or how the last run ended.
func status() -> Dictionary:
	var run: GameRun = observe()
	var running: bool = run != null and run.is_running()
	var data: Dictionary = {
		"running": running, "headless": DisplayServer.get_name() == "headless", "sandbox": sandbox()
	}
	if running:
		data["game"] = run.to_dict()
		if _debugger.is_paused():
			data["debugger"] = _debugger.summary()
	elif run != null:
		data["last_run"] = run.to_dict()
	return data


## The sandbox this editor, and so its game, runs in: godot-live-mcp serve tells the editor it launches.
static func sandbox() -> String:
	var state: String = OS.get_environment(SANDBOX_ENV).strip_edges()
	return state if state != "" else "off: this editor was not started by godot-live-mcp serve"


## The environment of a game on a private screen, {} for one that draws where the editor does (or not at all).
func _open_display(wanted: bool) -> Result:
	if not wanted or DisplayServer.get_name() != "headless":
		return Result.of({})
	_display = GameDisplay.new(_ended_displays)
	return await _display.start()


static func _display_kind(on_private_screen: bool) -> String:
	if on_private_screen:
		return "virtual"
	return "none" if DisplayServer.get_name() == "headless" else "screen"


func _play(scene: String, flags: PackedStringArray, env: Dictionary) -> void:
	_forget_deleted_classes()
	var run_args: RunArgs = RunArgs.new()
	run_args.apply(flags, env)
	for i: int in SETTLE_FRAMES:
		await _tree().process_frame
	# Playing saves the open scenes first, which pumps the main loop: no request may run inside it.
	_main_loop.hold()
	var play: Callable = EditorInterface.play_main_scene
	if scene != "":
		play = EditorInterface.play_custom_scene.bind(scene)
	if await MCPToolkitSafeSceneOps.save_before_running():
		MCPToolkitSafeSceneOps.without_editor_save(play)
	else:
		play.call()
	_main_loop.release()
	for i: int in SETTLE_FRAMES:
		await _tree().process_frame
	run_args.restore()


## The runtime entry of a game started at or after since, once it listens; a failure when the game
## ended or never listened.
func _wait_for_entry(since: float) -> Result:
	var deadline: int = Time.get_ticks_msec() + int(START_TIMEOUT_S * 1000)
	while Time.get_ticks_msec() < deadline and EditorInterface.is_playing_scene():
		var entry: Dictionary = _newest_live_entry(since - 1.0)
		if not entry.is_empty():
			return Result.of(entry)
		if _paused_while_starting():
			var summary: Dictionary = _debugger.summary()
			var at: String = " at %s" % summary["at"] if summary.has("at") else ""
			return Result.fail(
				"GAME_PAUSED_IN_DEBUGGER",
				(
					"The game stopped in the debugger%s before its runtime tools could reach it: %s."
					% [at, summary.get("error", summary.get("reason", "a breakpoint"))]
				),
				"debug_state shows where and why; " + _debugger.resume_hint()
			)
		await _tree().create_timer(POLL_S).timeout
	return Result.fail("INVALID_STATE", "The game's runtime server did not listen.")


## The game loads the engine's cache of global classes at start, and logs an error for each class whose
## script is gone. The editor can keep a deleted script's class in that cache (seen when a folder of
## class scripts is deleted while it scans), so the entries whose script is gone are dropped from it
## first. The cache is the engine's own (.godot/); nothing of the project changes.
static func _forget_deleted_classes() -> void:
	var cache: ConfigFile = ConfigFile.new()
	if cache.load(CLASS_CACHE) != OK:
		return
	var kept: Array = []
	var listed: Array = cache.get_value("", "list", [])
	for entry: Variant in listed:
		if entry is Dictionary and FileAccess.file_exists(str((entry as Dictionary).get("path", ""))):
			kept.append(entry)
	if kept.size() < listed.size():
		cache.set_value("", "list", kept)
		cache.save(CLASS_CACHE)


## True when the game stopped in the editor's debugger (a breakpoint or, with break_on_error, an error
## in an autoload) before its runtime server listened: waiting on would only run out the clock.
func _paused_while_starting() -> bool:
	return _debugger.is_paused()


func _failed_start() -> Result:
	if EditorInterface.is_playing_scene():
		# Up but not listening: stop it rather than leave a game the tools cannot reach.
		EditorInterface.stop_playing_scene()
		_close(_run)
		return Result.fail(
			"INVALID_STATE",
			"The game started but its runtime server did not listen within %.0f s." % START_TIMEOUT_S,
			(
				"Check that project.godot lists the MCPRuntimeServer autoload (re-enable the godot_live_mcp"
				+ " plugin to restore it)."
			)
		)
	_close(_run)
	_run.end = "crashed"
	var lines: PackedStringArray = _run.last_log_lines
	var logged: String = Scrubber.scrub("\n".join(lines)) if not lines.is_empty() else ""
	var detail: String = ("Last lines:\n" + logged) if logged != "" else "It logged nothing."
	return Result.fail(
		"GAME_CRASHED", "The game ended while starting. %s" % detail, "Fix the error, then game_start again."
	)


## A game started from the editor's play button is adopted once its runtime channel listens.
func _adopt_running_game() -> void:
	var entry: Dictionary = _newest_live_entry(0.0)
	if entry.is_empty():
		return
	_run = GameRun.new()
	_run.started_by = "editor"
	_run.display = _display_kind(false)
	_run.started_unix = float(entry.get("started_unix", 0))
	_take_entry(_run, entry)


static func _take_entry(run: GameRun, entry: Dictionary) -> void:
	run.pid = int(entry.get("pid", 0))
	run.runtime_port = int(entry.get("runtime_port", 0))
	run.game_id = str(entry.get("game_id", GameKey.id_of(OS.get_process_id(), run.pid)))


## The entry of the live game this editor launched most recently, at or after since_unix ({} if none).
func _newest_live_entry(since_unix: float) -> Dictionary:
	var newest: Dictionary = {}
	for game_id: String in GameKey.ids_launched_by(OS.get_process_id()):
		var entry: Dictionary = JsonFile.read(GameKey.entry_path(game_id))
		var started: float = float(entry.get("started_unix", 0))
		if entry.is_empty() or started < since_unix or not _alive(int(entry.get("pid", 0))):
			continue
		if newest.is_empty() or started > float(newest.get("started_unix", 0)):
			newest = entry
	return newest


func _close(run: GameRun) -> void:
	if not run.is_running():
		return
	if _display != null:
		_display.stop()
		_display = null
	var entry_left: bool = run.game_id != "" and FileAccess.file_exists(GameKey.entry_path(run.game_id))
	var status: int = _debugger.exit_status(run.pid)
	var log_path: String = _log_path(run)
	var ending: GameEnding = GameEnding.read(run.pid, run.stop_requested, run.kill_reason, entry_left, status, log_path)
	run.end = ending.end
	run.ending = ending.to_dict()
	run.ended_unix = Time.get_unix_time_from_system()
	run.last_log_lines = ending.last_log_lines
	if entry_left:
		_discard_stale_entry()


## Removes the entries and tokens of games this editor launched that are gone, then rebuilds projects.json.
func _discard_stale_entry() -> void:
	var removed: bool = false
	for game_id: String in GameKey.ids_launched_by(OS.get_process_id()):
		var entry: Dictionary = JsonFile.read(GameKey.entry_path(game_id))
		if not entry.is_empty() and _alive(int(entry.get("pid", 0))):
			continue
		JsonFile.remove(GameKey.entry_path(game_id))
		DirAccess.remove_absolute(GameKey.token_path(game_id))
		removed = true
	if removed:
		# Not awaited: the rebuild finishes on a later frame, and nothing here depends on it.
		InstanceRegistry.rebuild_locked_async()


## The run's own log; a game that crashed before it listened (no id yet) left only its log.
static func _log_path(run: GameRun) -> String:
	if run.game_id != "":
		return GameKey.log_path(run.game_id)
	return GameKey.newest_log_launched_by(OS.get_process_id(), run.started_unix)


## Alive and not a zombie. (OS.is_process_running would reap the editor's own child, but logs an
## error for a pid the editor has reaped already, as it does when it stops the game.)
func _alive(pid: int) -> bool:
	return ProcessProbe.is_alive(pid)


static func _tree() -> SceneTree:
	return Engine.get_main_loop() as SceneTree
