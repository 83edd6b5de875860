@tool
extends RefCounted
## Builds input events and feeds them to the game through Input.parse_input_event, so the game
## sees real input: action state, _input and _unhandled_input, GUI focus (export-clean).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")


## Delivers event now (not at the next frame's flush), so a paused, stepped game sees it.
static func send(event: InputEvent) -> void:
	Input.parse_input_event(event)
	Input.flush_buffered_events()


static func action(name: String, pressed: bool, strength: float = 1.0) -> InputEventAction:
	var event: InputEventAction = InputEventAction.new()
	event.action = StringName(name)
	event.pressed = pressed
	event.strength = strength if pressed else 0.0
	return event


## A key press or release for a key name ("A", "Space", "Ctrl+S") and modifiers ({"shift": true}),
## read by the input event codec; null for a name the engine does not know. It carries the keycode
## and the physical keycode, so actions bound either way see it, and the character it types.
static func key(name: String, pressed: bool, modifiers: Dictionary = {}) -> InputEventKey:
	var shape: Dictionary = modifiers.duplicate()
	# Device 0, as a real keyboard reports: -1 would also mean an emulated event to the engine.
	shape.merge({"type": "key", "key": name, "physical": true, "device": 0}, true)
	var built: Result = EventCodec.from_json(shape)
	if built.failed():
		return null
	var event: InputEventKey = built.value
	event.keycode = event.physical_keycode
	event.pressed = pressed
	var code: int = event.keycode
	if pressed and code >= KEY_SPACE and code < 127 and not event.ctrl_pressed:
		var text: String = char(code)
		event.unicode = (text.to_upper() if event.shift_pressed else text.to_lower()).unicode_at(0)
	return event


static func mouse_button(
	button: MouseButton, position: Vector2, pressed: bool, double: bool = false
) -> InputEventMouseButton:
	var event: InputEventMouseButton = InputEventMouseButton.new()
	event.button_index = button
	event.position = position
	event.global_position = position
	event.pressed = pressed
	event.double_click = double and pressed
	if pressed:
		event.button_mask = Input.get_mouse_button_mask() | (1 << (button - 1))
	return event


static func mouse_motion(position: Vector2, relative: Vector2) -> InputEventMouseMotion:
	var event: InputEventMouseMotion = InputEventMouseMotion.new()
	event.position = position
	event.global_position = position
	event.relative = relative
	event.screen_relative = relative
	event.button_mask = Input.get_mouse_button_mask()
	return event


## A press and a release per character, carrying its unicode (what LineEdit and TextEdit read).
static func typed(text: String) -> Array[InputEvent]:
	var events: Array[InputEvent] = []
	for character: String in text:
		var code: Key = KEY_ENTER if character == "\n" else OS.find_keycode_from_string(character.to_upper())
		for pressed: bool in [true, false]:
			var event: InputEventKey = InputEventKey.new()
			event.keycode = code
			event.physical_keycode = code
			event.pressed = pressed
			if pressed and character != "\n":
				event.unicode = character.unicode_at(0)
			events.append(event)
	return events
