@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## input.record and input.replay: capture a play session's input with its frame numbers, save it
## as a resource, and feed it back into a paused game frame by frame.

const InputRecording := preload("res://addons/godot_live_mcp/runtime/input_recording.gd")
const InputSynth := preload("res://addons/godot_live_mcp/runtime/input_synth.gd")
const StepRunner := preload("res://addons/godot_live_mcp/runtime/step_runner.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const RecordingScript := preload("res://addons/godot_live_mcp/runtime/playtest/recording_script.gd")
const PlaytestFile := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_file.gd")

const CHANNEL := "runtime"
const GROUP := "input"
const DEFAULT_FOLDER := "user://mcp_recordings"
const COMMANDS := {
	"input.record":
	{
		"text":
		(
			"Start recording the input the game receives (real or sent by the input tools), each event"
			+ " stamped with its game frame; `stop` saves it as a .tres resource for input_replay."
		),
		"args":
		{
			"phase!": "enum(start|stop): Start or stop (and save) the recording.",
			"path":
			"string: On stop: a res:// or user:// .tres (default under %s), or .json (a playtest)." % DEFAULT_FOLDER
		},
		"returns":
		[
			{"recording!": "boolean", "path": "string", "events": "integer"},
			{"length_frames": "integer", "game_frame": "integer"},
		],
	},
	"input.replay":
	{
		"text":
		(
			"Replay a recording from input_record into the game: it is paused, then stepped frame by frame"
			+ " with each event sent before the frame it was recorded for, and left paused at the end."
			+ " From the same start state, a replay gives the same end state every time."
		),
		"args": {"path!": "string: The recording's res:// or user:// path."},
		"returns":
		{"path": "string", "events_replayed": "integer", "frames_stepped!": "integer", "game_frame": "integer"},
		"timeout_ms": StepRunner.COMMAND_TIMEOUT_MS,
		"marks": "long_running",
	},
}


func record(params: CommandParams) -> Result:
	if params.text("phase") == "start":
		return _start_recording()
	return _stop_recording(params)


func replay(params: CommandParams) -> Result:
	var path: Result = _guarded(params.text("path"))
	var found: Result = _recording_at(path.value) if path.succeeded() else path
	if found.failed():
		return found
	var recording: InputRecording = found.value
	_state.clock.pause()
	var start: int = _state.clock.game_frames
	var late: Array[InputEvent] = []
	for i: int in recording.events.size():
		var event: InputEvent = recording.events[i]
		if recording.frames[i] >= recording.length_frames:
			late.append(event)
		else:
			_state.clock.schedule(start + recording.frames[i] + 1, func() -> void: InputSynth.send(event))
	var stepped: Result = await StepRunner.run(_state.clock, maxi(recording.length_frames, 1))
	if stepped.failed():
		_state.clock.cancel_scheduled()
		return stepped
	for event: InputEvent in late:
		InputSynth.send(event)
	var report: Dictionary = {"path": path.value, "events_replayed": recording.events.size()}
	report.merge({"frames_stepped": stepped.value, "game_frame": _state.clock.game_frames})
	return Result.of(report)


## The recording saved at path (already guarded).
static func _recording_at(path: String) -> Result:
	if not ResourceLoader.exists(path):
		return Result.fail("NOT_FOUND", "No recording at %s." % path, "input_record with phase 'stop' saves one.")
	var recording: InputRecording = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as InputRecording
	if recording == null:
		return Result.fail("LOAD_FAILED", "%s is not an input recording." % path, "input_record saves one.")
	return Result.of(recording)


## path resolved by the shared path guard: user:// ones as user data, others inside the project.
static func _guarded(path: String) -> Result:
	var checked: Result = PathGuard.user_path(path) if path.begins_with("user://") else PathGuard.project_path(path)
	return checked.within("path")


func _start_recording() -> Result:
	if _state.recorder.is_recording():
		return Result.fail("INVALID_STATE", "A recording is already running.", "Stop it with phase 'stop'.")
	_state.recorder.start()
	return Result.of({"recording": true, "game_frame": _state.clock.game_frames})


func _stop_recording(params: CommandParams) -> Result:
	if not _state.recorder.is_recording():
		return Result.fail("INVALID_STATE", "No recording is running.", "Start one with phase 'start'.")
	var default_path: String = "%s/input_%d.tres" % [DEFAULT_FOLDER, int(Time.get_unix_time_from_system())]
	var checked: Result = _guarded(params.text("path") if params.has("path") else default_path)
	if checked.succeeded() and not str(checked.value).begins_with("user://"):
		checked = PathGuard.writable_project_path(checked.value).within("path")  # not into .godot/
	if checked.failed():
		return checked
	var path: String = checked.value
	var recording: InputRecording = _state.recorder.stop()
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	var as_script: bool = path.get_extension() == "json"
	var err: Error = (
		PlaytestFile.write(path, RecordingScript.script_of(recording))
		if as_script
		else ResourceSaver.save(recording, path)
	)
	if err != OK:
		return Result.fail("SAVE_FAILED", "Could not save the recording to %s: %s." % [path, error_string(err)])
	var saved: Dictionary = {"recording": false, "path": path, "events": recording.events.size()}
	saved["length_frames"] = recording.length_frames
	return Result.of(saved)
