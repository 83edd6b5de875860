extends "unit_test.gd"
## Input events as JSON, both ways.

const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")


func test_a_key_with_modifiers_round_trips() -> void:
	var event: Variant = value_of(EventCodec.from_json({"type": "key", "key": "Ctrl+S"}))
	check(event is InputEventKey, "a key event")
	var key: InputEventKey = event
	equal([key.physical_keycode, key.ctrl_pressed, key.device], [KEY_S, true, -1], "fields")
	equal(EventCodec.to_json(key), {"type": "key", "key": "S", "physical": true, "ctrl": true}, "back")


func test_buttons_and_axes_by_name_or_index() -> void:
	var mouse: Variant = value_of(EventCodec.from_json({"type": "mouse_button", "button": "right", "device": 2}))
	equal([(mouse as InputEventMouseButton).button_index, (mouse as InputEvent).device], [MOUSE_BUTTON_RIGHT, 2], "")
	var pad: Variant = value_of(EventCodec.from_json({"type": "joypad_button", "button": 0}))
	equal((pad as InputEventJoypadButton).button_index, JOY_BUTTON_A, "by index")
	var axis: Variant = value_of(EventCodec.from_json({"type": "joypad_motion", "axis": "left_x", "direction": -3}))
	equal((axis as InputEventJoypadMotion).axis_value, -1.0, "direction is a sign")
	equal(EventCodec.to_json(axis), {"type": "joypad_motion", "axis": "left_x", "direction": -1}, "back")


func test_wrong_shapes_say_what_is_wrong() -> void:
	var cases: Dictionary = {
		"not an object": "must be an object",
		'{"type": "touch"}': "is not one of",
		'{"type": "key", "key": "NoSuchKey"}': "Unknown key",
		'{"type": "mouse_button", "button": "thumb"}': "not a known button",
		'{"type": "joypad_motion", "axis": "left_x", "direction": 0}': "direction -1 or 1",
	}
	for text: String in cases:
		var shape: Variant = JSON.parse_string(text) if text.begins_with("{") else text
		var read: Result = EventCodec.from_json(shape)
		has_text(failure_of(read, "INVALID_PARAMS", text), cases[text], text)
		has_text(read.hint, "inputSchema", "hint")


func test_other_events_read_as_other() -> void:
	var touch: InputEventScreenTouch = InputEventScreenTouch.new()
	equal(EventCodec.to_json(touch)["type"], "other", "type")
