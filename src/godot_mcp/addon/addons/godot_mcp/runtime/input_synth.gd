@tool
extends RefCounted
## Builds input events and feeds them to the game through Input.parse_input_event, so the game
## sees real input: action state, _input and _unhandled_input, GUI focus (export-clean).

const BUTTONS: Dictionary = {
	"left": MOUSE_BUTTON_LEFT,
	"right": MOUSE_BUTTON_RIGHT,
	"middle": MOUSE_BUTTON_MIDDLE,
	"wheel_up": MOUSE_BUTTON_WHEEL_UP,
	"wheel_down": MOUSE_BUTTON_WHEEL_DOWN,
	"wheel_left": MOUSE_BUTTON_WHEEL_LEFT,
	"wheel_right": MOUSE_BUTTON_WHEEL_RIGHT,
}
const MODIFIERS: PackedStringArray = ["shift", "ctrl", "alt", "meta"]


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


## keycode from a name such as "A", "Space", "Escape" or "Left"; KEY_NONE when unknown.
static func keycode_of(name: String) -> Key:
	return OS.find_keycode_from_string(name)


static func key(code: Key, pressed: bool, modifiers: Dictionary = {}) -> InputEventKey:
	var event: InputEventKey = InputEventKey.new()
	event.keycode = code
	event.physical_keycode = code
	event.pressed = pressed
	if pressed and code >= KEY_SPACE and code < 127 and not bool(modifiers.get("ctrl", false)):
		var text: String = char(code)
		event.unicode = (text.to_upper() if bool(modifiers.get("shift", false)) else text.to_lower()).unicode_at(0)
	_apply_modifiers(event, modifiers)
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


static func _apply_modifiers(event: InputEventWithModifiers, modifiers: Dictionary) -> void:
	event.shift_pressed = bool(modifiers.get("shift", false))
	event.ctrl_pressed = bool(modifiers.get("ctrl", false))
	event.alt_pressed = bool(modifiers.get("alt", false))
	event.meta_pressed = bool(modifiers.get("meta", false))
