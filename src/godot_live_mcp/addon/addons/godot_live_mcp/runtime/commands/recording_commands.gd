@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## input.record and input.replay: capture a play session's input with its frame numbers, save it
## as a resource, and feed it back into a paused game frame by frame.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const InputRecording := preload("res://addons/godot_live_mcp/runtime/input_recording.gd")
const InputSynth := preload("res://addons/godot_live_mcp/runtime/input_synth.gd")
const StepRunner := preload("res://addons/godot_live_mcp/runtime/step_runner.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")

const DEFAULT_FOLDER := "user://mcp_recordings"


func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"input.record",
			record,
			(
				Options
				. changing(
					"input.record",
					(
						"Start recording the input the game receives (real or sent by the input tools), each event"
						+ " stamped with its game frame; `stop` saves it as a .tres resource for input_replay."
					)
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"phase": S.enum_of(["start", "stop"], "Start or stop (and save) the recording."),
								"path":
								S.string(
									(
										"Where to save on stop: a res:// or user:// .tres path (default under %s)."
										% DEFAULT_FOLDER
									)
								),
							},
							["phase"]
						)
					)
				)
				. with_output_schema(
					S.object(
						{
							"recording": S.boolean(),
							"path": S.string(),
							"events": S.integer(),
							"length_frames": S.integer(),
							"game_frame": S.integer()
						},
						["recording"],
						true
					)
				)
			)
		)
	)
	registry.add(
		"input.replay",
		replay,
		(
			Options
			. changing(
				"input.replay",
				(
					"Replay a recording from input_record into the game: it is paused, then stepped frame by frame"
					+ " with each event sent before the frame it was recorded for, and left paused at the end."
					+ " From the same start state, a replay gives the same end state every time."
				)
			)
			. with_input_schema(S.object({"path": S.string("The recording's res:// or user:// path.")}, ["path"]))
			. with_output_schema(
				S.object(
					{
						"path": S.string(),
						"events_replayed": S.integer(),
						"frames_stepped": S.integer(),
						"game_frame": S.integer()
					},
					["frames_stepped"],
					true
				)
			)
			. with_timeout_ms(StepRunner.COMMAND_TIMEOUT_MS)
		)
	)


func record(params: Dictionary) -> Dictionary:
	match str(params.get("phase", "")):
		"start":
			return _start_recording()
		"stop":
			return _stop_recording(params)
	return MCPToolkitError.fail("INVALID_PARAMS", "phase must be 'start' or 'stop'.")


func replay(params: Dictionary) -> Dictionary:
	var checked: Dictionary = _guard(params.get("path", ""))
	if not checked["ok"]:
		return MCPToolkitError.fail("PATH_DENIED", "path: %s" % checked["reason"])
	var path: String = checked["path"]
	if not ResourceLoader.exists(path):
		return MCPToolkitError.fail(
			"NOT_FOUND", "No recording at %s." % path, "input_record with phase 'stop' saves one."
		)
	var recording: InputRecording = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as InputRecording
	if recording == null:
		return MCPToolkitError.fail("LOAD_FAILED", "%s is not an input recording." % path, "input_record saves one.")
	_state.clock.pause()
	var start: int = _state.clock.game_frames
	var late: Array[InputEvent] = []
	for i: int in recording.events.size():
		var event: InputEvent = recording.events[i]
		if recording.frames[i] >= recording.length_frames:
			late.append(event)
		else:
			_state.clock.schedule(start + recording.frames[i] + 1, func() -> void: InputSynth.send(event))
	var outcome: Dictionary = await StepRunner.run(_state.clock, maxi(recording.length_frames, 1))
	if not outcome["ok"]:
		_state.clock.cancel_scheduled()
		return MCPToolkitError.fail(outcome["code"], outcome["message"], outcome["hint"])
	for event: InputEvent in late:
		InputSynth.send(event)
	return (
		MCPToolkitSuccess
		. ok(
			{
				"path": path,
				"events_replayed": recording.events.size(),
				"frames_stepped": outcome["frames_stepped"],
				"game_frame": _state.clock.game_frames,
			}
		)
	)


## A res:// or user:// path, checked by the shared path guard.
static func _guard(raw: Variant) -> Dictionary:
	if raw is String and (raw as String).begins_with("user://"):
		return PathGuard.resolve_user(raw)
	return PathGuard.resolve_project(raw)


func _start_recording() -> Dictionary:
	if _state.recorder.is_recording():
		return MCPToolkitError.fail("INVALID_STATE", "A recording is already running.", "Stop it with phase 'stop'.")
	_state.recorder.start()
	return MCPToolkitSuccess.ok({"recording": true, "game_frame": _state.clock.game_frames})


func _stop_recording(params: Dictionary) -> Dictionary:
	if not _state.recorder.is_recording():
		return MCPToolkitError.fail("INVALID_STATE", "No recording is running.", "Start one with phase 'start'.")
	var default_path: String = "%s/input_%d.tres" % [DEFAULT_FOLDER, int(Time.get_unix_time_from_system())]
	var checked: Dictionary = _guard(params.get("path", default_path))
	if not checked["ok"]:
		return MCPToolkitError.fail("PATH_DENIED", "path: %s" % checked["reason"])
	var path: String = checked["path"]
	var recording: InputRecording = _state.recorder.stop()
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	var err: Error = ResourceSaver.save(recording, path)
	if err != OK:
		return MCPToolkitError.fail(
			"SAVE_FAILED", "Could not save the recording to %s: %s." % [path, error_string(err)]
		)
	return MCPToolkitSuccess.ok(
		{"recording": false, "path": path, "events": recording.events.size(), "length_frames": recording.length_frames}
	)
