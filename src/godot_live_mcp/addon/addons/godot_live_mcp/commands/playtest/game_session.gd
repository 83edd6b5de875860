@tool
extends RefCounted
## Starts, stops and watches the game this editor runs. The game's runtime server publishes
## entries/<hash>.runtime.json when it listens and withdraws it when it shuts down cleanly, so an
## entry left behind by a dead process means the game crashed (or was killed).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const GameRun := preload("res://addons/godot_live_mcp/commands/playtest/game_run.gd")
const RunArgs := preload("res://addons/godot_live_mcp/commands/playtest/run_args.gd")
const JsonFile := preload("res://addons/godot_live_mcp/instances/json_file.gd")
const RegistryPaths := preload("res://addons/godot_live_mcp/instances/registry_paths.gd")
const InstanceRegistry := preload("res://addons/godot_live_mcp/instances/instance_registry.gd")
const ProjectIdentity := preload("res://addons/godot_live_mcp/instances/project_identity.gd")
const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")
const MainLoopGuard := preload("res://addons/godot_live_mcp/dispatch/main_loop_guard.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const Untrusted := preload("res://addons/godot_live_mcp/security/untrusted.gd")

const START_TIMEOUT_S := 30.0
const STOP_TIMEOUT_S := 10.0
const POLL_S := 0.05
## The in-memory run arguments must be in place a few frames before the editor reads them.
const SETTLE_FRAMES := 3
const TAIL_LINES := 40

var _run: GameRun
var _native_frame: RegEx = RegEx.create_from_string("^STDERR: \\[\\d+\\] ")


## The current run if the game is up, else the last one (null before any); ended runs are closed.
func observe() -> GameRun:
	if _run != null and _run.is_running() and not _alive(_run.pid):
		_close(_run)
	if (_run == null or not _run.is_running()) and EditorInterface.is_playing_scene():
		_adopt_running_game()
	return _run


## Plays scene (the main scene when empty) and waits until its runtime channel listens.
func start(scene: String, break_on_error: bool) -> Result:
	var run: GameRun = observe()
	if (run != null and run.is_running()) or EditorInterface.is_playing_scene():
		return Result.fail(
			"GAME_ALREADY_RUNNING", "The game is already running (pid %d)." % (run.pid if run != null else 0)
		)
	_discard_stale_entry()
	# A crash before the game's runtime server starts must not show the previous run's lines.
	DirAccess.remove_absolute(_log_path())
	var started_unix: float = Time.get_unix_time_from_system()
	await _play(scene, RunArgs.extra_flags(break_on_error))
	_run = GameRun.new()
	_run.scene = scene if scene != "" else str(ProjectSettings.get_setting("application/run/main_scene", ""))
	_run.started_unix = started_unix
	var entry: Result = await _wait_for_entry(started_unix)
	if entry.failed():
		return _failed_start()
	_run.pid = int(entry.value.get("pid", 0))
	_run.runtime_port = int(entry.value.get("runtime_port", 0))
	return Result.of(status())


## Ends the game and waits (bounded) until its process is gone; a killed game's entry is removed.
func stop() -> Result:
	var run: GameRun = observe()
	if run == null or not run.is_running():
		return Result.fail("GAME_NOT_RUNNING", "No game is running.", "game_status tells how the last run ended.")
	run.stop_requested = true
	EditorInterface.stop_playing_scene()
	var deadline: int = Time.get_ticks_msec() + int(STOP_TIMEOUT_S * 1000)
	while _alive(run.pid) and Time.get_ticks_msec() < deadline:
		await _tree().create_timer(POLL_S).timeout
	if _alive(run.pid):
		return Result.fail("TIMEOUT", "The game (pid %d) did not end within %.0f s." % [run.pid, STOP_TIMEOUT_S])
	_close(run)
	return Result.of(status())


## game.status's answer: the running game, or how the last run ended.
func status() -> Dictionary:
	var run: GameRun = observe()
	var running: bool = run != null and run.is_running()
	var data: Dictionary = {"running": running, "headless": DisplayServer.get_name() == "headless"}
	if running:
		data["game"] = run.to_dict()
	elif run != null:
		data["last_run"] = run.to_dict()
	return data


func _play(scene: String, flags: PackedStringArray) -> void:
	var run_args: RunArgs = RunArgs.new()
	run_args.apply(flags)
	for i: int in SETTLE_FRAMES:
		await _tree().process_frame
	# Playing saves the open scenes first, which pumps the main loop: no request may run inside it.
	MainLoopGuard.hold()
	var play: Callable = EditorInterface.play_main_scene
	if scene != "":
		play = EditorInterface.play_custom_scene.bind(scene)
	if await MCPToolkitSafeSceneOps.save_before_running():
		MCPToolkitSafeSceneOps.without_editor_save(play)
	else:
		play.call()
	MainLoopGuard.release()
	for i: int in SETTLE_FRAMES:
		await _tree().process_frame
	run_args.restore()


## The runtime entry of a game started at or after since, once it listens; a failure when the game
## ended or never listened.
func _wait_for_entry(since: float) -> Result:
	var deadline: int = Time.get_ticks_msec() + int(START_TIMEOUT_S * 1000)
	while Time.get_ticks_msec() < deadline and EditorInterface.is_playing_scene():
		var entry: Dictionary = JsonFile.read(_entry_path())
		if (
			not entry.is_empty()
			and float(entry.get("started_unix", 0)) >= since - 1.0
			and _alive(int(entry.get("pid", 0)))
		):
			return Result.of(entry)
		await _tree().create_timer(POLL_S).timeout
	return Result.fail("INVALID_STATE", "The game's runtime server did not listen.")


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
	var logged: String = Untrusted.wrap("log", "the game", "\n".join(lines)) if not lines.is_empty() else ""
	var detail: String = ("Last lines:\n" + logged) if logged != "" else "It logged nothing."
	return Result.fail(
		"GAME_CRASHED", "The game ended while starting. %s" % detail, "Fix the error, then game_start again."
	)


## A game started from the editor's play button is adopted once its runtime channel listens.
func _adopt_running_game() -> void:
	var entry: Dictionary = JsonFile.read(_entry_path())
	if entry.is_empty() or not _alive(int(entry.get("pid", 0))):
		return
	_run = GameRun.new()
	_run.started_by = "editor"
	_run.started_unix = float(entry.get("started_unix", 0))
	_run.pid = int(entry.get("pid", 0))
	_run.runtime_port = int(entry.get("runtime_port", 0))


func _close(run: GameRun) -> void:
	if not run.is_running():
		return
	var entry_left: bool = FileAccess.file_exists(_entry_path())
	run.end = "stopped" if run.stop_requested else ("crashed" if entry_left else "exited")
	run.ended_unix = Time.get_unix_time_from_system()
	run.last_log_lines = _log_tail()
	if entry_left:
		_discard_stale_entry()


## Removes a runtime entry and token whose game is gone, then rebuilds projects.json.
func _discard_stale_entry() -> void:
	var entry: Dictionary = JsonFile.read(_entry_path())
	if entry.is_empty() or _alive(int(entry.get("pid", 0))):
		return
	JsonFile.remove(_entry_path())
	DirAccess.remove_absolute(InstanceRegistry.token_path("runtime"))
	# Not awaited: the rebuild finishes on a later frame, and nothing here depends on it.
	InstanceRegistry.rebuild_locked_async()


## The game's last lines, secrets redacted, with a crash's machine-code backtrace folded into one line.
func _log_tail() -> PackedStringArray:
	var kept: PackedStringArray = PackedStringArray()
	var frames: int = 0
	var text: String = Scrubber.scrub(FileAccess.get_file_as_string(_log_path()))
	for line: String in text.strip_edges().split("\n", false):
		if _native_frame.search(line) != null:
			frames += 1
			continue
		if frames > 0:
			kept.append("STDERR: (%d native backtrace frames left out)" % frames)
			frames = 0
		kept.append(line)
	return kept.slice(-TAIL_LINES)


func _log_path() -> String:
	return RegistryPaths.runtime_log_file(ProjectIdentity.project_hash())


## Alive and not a zombie. (OS.is_process_running would reap the editor's own child, but logs an
## error for a pid the editor has reaped already, as it does when it stops the game.)
func _alive(pid: int) -> bool:
	return ProcessProbe.is_alive(pid)


func _entry_path() -> String:
	return RegistryPaths.entries_dir().path_join(ProjectIdentity.project_hash() + ".runtime.json")


static func _tree() -> SceneTree:
	return Engine.get_main_loop() as SceneTree
