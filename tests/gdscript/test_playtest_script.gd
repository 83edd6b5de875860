extends "unit_test.gd"
## Playtest scripts: checked in full before they run (each mistake named by its place), values rendered
## the same way every time, and an input recording turned into a script that reads back.

const PlaytestScript := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_script.gd")
const PlaytestValues := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_values.gd")
const RecordingScript := preload("res://addons/godot_live_mcp/runtime/playtest/recording_script.gd")
const InputRecording := preload("res://addons/godot_live_mcp/runtime/input_recording.gd")
const InputSynth := preload("res://addons/godot_live_mcp/runtime/input_synth.gd")


func test_a_sound_script_reads_into_typed_steps() -> void:
	var data: Dictionary = {
		"watch": ["$Player.position.x"],
		"watch_every": 5,
		"steps":
		[
			{"do": "hold", "key": "Left", "frames": 10.0},
			{"at": 20, "do": "click", "position": [100, 50]},
			{"do": "step_until", "condition": "$Player.position.x > 3"},
		],
	}
	var script: PlaytestScript = value_of(PlaytestScript.read(data), "the script")
	equal(script.steps.size(), 3)
	equal([script.steps[0].target(), script.steps[0].frames], ["key Left", 10])
	equal([script.steps[1].at, script.steps[1].target()], [20, "left (100, 50)"])
	equal(script.steps[2].frames, PlaytestScript.DEFAULT_MAX_FRAMES, "step_until's max_frames")
	equal([script.watch_texts, script.watch_every], [PackedStringArray(["$Player.position.x"]), 5])
	equal(script.frame_budget(), 620, "10 held, up to frame 20, then 600 at most")


func test_each_mistake_is_named_by_its_place() -> void:
	var cases: Dictionary = {
		'steps[0]: needs "do"': {"steps": [{"frames": 3}]},
		"steps[0]: step needs 'frames'": {"steps": [{"do": "step"}]},
		"steps[0].frames: must be a whole number": {"steps": [{"do": "step", "frames": 1.5}]},
		"steps[0].position: must be [x, y]": {"steps": [{"do": "move", "position": [1]}]},
		"steps[0]: press needs exactly one of": {"steps": [{"do": "press", "key": "A", "action": "ui_accept"}]},
		"steps[0].key: 'Nope' is not a Godot key name": {"steps": [{"do": "tap", "key": "Nope"}]},
		"steps[0].name: must be a plain file name": {"steps": [{"do": "screenshot", "name": "a/b.png"}]},
		"script: unknown field 'step'": {"step": []},
		"log: must be 'errors'": {"log": "some", "steps": [{"do": "step", "frames": 1}]},
	}
	for expected: String in cases:
		has_text(failure_of(PlaytestScript.read(cases[expected]), "INVALID_PARAMS", expected), expected)


func test_values_render_the_same_short_way_every_time() -> void:
	equal(PlaytestValues.render(1.0 / 3.0), "0.333")
	equal(PlaytestValues.render(-0.0001), "0.0", "no minus zero")
	equal(PlaytestValues.render(Vector2(1.23456, 2)), "(1.235, 2.0)")
	equal(PlaytestValues.render(true), "true")
	equal(PlaytestValues.render(null), "null")
	equal(PlaytestValues.render({"b": 1, "a": [2]}), '{"a":[2],"b":1}', "keys sorted")


func test_a_recording_becomes_a_script_that_reads_back() -> void:
	var recording: InputRecording = InputRecording.new()
	recording.add(InputSynth.action("ui_accept", true), 2)
	recording.add(InputSynth.key("Shift", true), 4)
	recording.add(InputSynth.mouse_button(MOUSE_BUTTON_LEFT, Vector2(10, 20), true), 4)
	recording.add(InputEventJoypadButton.new(), 5)
	recording.add(InputSynth.action("ui_accept", false), 6)
	recording.length_frames = 9
	var script: Dictionary = RecordingScript.script_of(recording)
	equal(
		script["steps"],
		[
			{"do": "press", "action": "ui_accept", "at": 2},
			{"do": "press", "key": "Shift", "at": 4},
			{"do": "press", "button": "left", "position": [10.0, 20.0], "at": 4},
			{"do": "release", "action": "ui_accept", "at": 6},
			{"do": "step", "frames": 3},
		],
		"the joypad event left out, a last step to the end"
	)
	var read: Result = PlaytestScript.read(JSON.parse_string(JSON.stringify(script)))
	equal((value_of(read, "the converted script") as PlaytestScript).frame_budget(), 9)
