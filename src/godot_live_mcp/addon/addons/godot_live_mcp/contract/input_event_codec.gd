@tool
extends RefCounted
## Key, mouse button and joypad events as JSON, both ways: the events an input action binds, and the
## events the runtime synthesises for the game (export-clean). The shapes:
##   {"type": "key", "key": "Ctrl+S" | "Space", "physical": true}
##   {"type": "mouse_button", "button": "left", "double_click": true}
##   {"type": "joypad_button", "button": "a"}
##   {"type": "joypad_motion", "axis": "left_x", "direction": -1}
## plus optional "device" (-1, all devices, when absent) and the modifiers "ctrl", "alt", "shift",
## "meta" (keys and mouse buttons). Events of other classes read as {"type": "other", ...}.
## A key name may carry its modifiers ("Ctrl+S"); a button or axis may be given by index.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const TYPES: Array[String] = ["key", "mouse_button", "joypad_button", "joypad_motion"]
const SHAPE_HINT := "See the event shape in this tool's inputSchema."
const MOUSE_BUTTONS := {
	"left": MOUSE_BUTTON_LEFT,
	"right": MOUSE_BUTTON_RIGHT,
	"middle": MOUSE_BUTTON_MIDDLE,
	"wheel_up": MOUSE_BUTTON_WHEEL_UP,
	"wheel_down": MOUSE_BUTTON_WHEEL_DOWN,
	"wheel_left": MOUSE_BUTTON_WHEEL_LEFT,
	"wheel_right": MOUSE_BUTTON_WHEEL_RIGHT,
	"xbutton1": MOUSE_BUTTON_XBUTTON1,
	"xbutton2": MOUSE_BUTTON_XBUTTON2,
}
const JOY_BUTTONS := {
	"a": JOY_BUTTON_A,
	"b": JOY_BUTTON_B,
	"x": JOY_BUTTON_X,
	"y": JOY_BUTTON_Y,
	"back": JOY_BUTTON_BACK,
	"guide": JOY_BUTTON_GUIDE,
	"start": JOY_BUTTON_START,
	"left_stick": JOY_BUTTON_LEFT_STICK,
	"right_stick": JOY_BUTTON_RIGHT_STICK,
	"left_shoulder": JOY_BUTTON_LEFT_SHOULDER,
	"right_shoulder": JOY_BUTTON_RIGHT_SHOULDER,
	"dpad_up": JOY_BUTTON_DPAD_UP,
	"dpad_down": JOY_BUTTON_DPAD_DOWN,
	"dpad_left": JOY_BUTTON_DPAD_LEFT,
	"dpad_right": JOY_BUTTON_DPAD_RIGHT,
	"misc1": JOY_BUTTON_MISC1,
	"paddle1": JOY_BUTTON_PADDLE1,
	"paddle2": JOY_BUTTON_PADDLE2,
	"paddle3": JOY_BUTTON_PADDLE3,
	"paddle4": JOY_BUTTON_PADDLE4,
	"touchpad": JOY_BUTTON_TOUCHPAD,
}
const JOY_AXES := {
	"left_x": JOY_AXIS_LEFT_X,
	"left_y": JOY_AXIS_LEFT_Y,
	"right_x": JOY_AXIS_RIGHT_X,
	"right_y": JOY_AXIS_RIGHT_Y,
	"trigger_left": JOY_AXIS_TRIGGER_LEFT,
	"trigger_right": JOY_AXIS_TRIGGER_RIGHT,
}
const MODIFIERS: Array[String] = ["ctrl", "alt", "shift", "meta"]


## The JSON shape of event (never fails: unknown event classes come back as type "other").
static func to_json(event: InputEvent) -> Dictionary:
	var shape: Dictionary = {}
	if event is InputEventKey:
		shape = _key_json(event as InputEventKey)
	elif event is InputEventMouseButton:
		var mouse: InputEventMouseButton = event
		shape = {"type": "mouse_button", "button": _name_of(MOUSE_BUTTONS, mouse.button_index)}
		if mouse.double_click:
			shape["double_click"] = true
	elif event is InputEventJoypadButton:
		shape = {
			"type": "joypad_button", "button": _name_of(JOY_BUTTONS, (event as InputEventJoypadButton).button_index)
		}
	elif event is InputEventJoypadMotion:
		var motion: InputEventJoypadMotion = event
		shape = {
			"type": "joypad_motion", "axis": _name_of(JOY_AXES, motion.axis), "direction": signi(motion.axis_value)
		}
	else:
		return {"type": "other", "class": event.get_class(), "text": event.as_text()}
	if event is InputEventWithModifiers:
		_modifiers_to_json(event as InputEventWithModifiers, shape)
	if event.device != -1:
		shape["device"] = event.device
	return shape


## The InputEvent a JSON shape describes, or INVALID_PARAMS saying what is wrong with it.
static func from_json(shape: Variant) -> Result:
	if not shape is Dictionary:
		return _bad("An event must be an object with a 'type' (one of %s)." % ", ".join(TYPES))
	var data: Dictionary = shape
	var built: Result
	match str(data.get("type", "")):
		"key":
			built = _key_from(data)
		"mouse_button":
			built = _indexed(InputEventMouseButton.new(), "button_index", MOUSE_BUTTONS, data.get("button"), "button")
		"joypad_button":
			built = _indexed(InputEventJoypadButton.new(), "button_index", JOY_BUTTONS, data.get("button"), "button")
		"joypad_motion":
			built = _motion_from(data)
		_:
			return _bad("Event type '%s' is not one of %s." % [data.get("type", ""), ", ".join(TYPES)])
	if built.failed():
		return built
	var event: InputEvent = built.value
	event.device = int(data.get("device", -1))
	if event is InputEventWithModifiers:
		_modifiers_from_json(data, event as InputEventWithModifiers)
	if event is InputEventMouseButton:
		(event as InputEventMouseButton).double_click = bool(data.get("double_click", false))
	return built


static func _key_json(key: InputEventKey) -> Dictionary:
	var physical: bool = key.physical_keycode != KEY_NONE
	var code: Key = key.physical_keycode if physical else key.keycode
	if code == KEY_NONE:
		code = key.key_label
	return {"type": "key", "key": OS.get_keycode_string(code), "physical": physical}


static func _key_from(data: Dictionary) -> Result:
	var text: String = str(data.get("key", ""))
	var combined: int = OS.find_keycode_from_string(text)
	var code: int = combined & KEY_CODE_MASK
	if text == "" or code == KEY_NONE:
		return _bad(
			"Unknown key '%s'; use names like 'A', 'Space', 'Enter', 'Escape', 'Left', 'F1' or 'Ctrl+S'." % text
		)
	var key: InputEventKey = InputEventKey.new()
	if bool(data.get("physical", true)):
		key.physical_keycode = code as Key
	else:
		key.keycode = code as Key
	key.shift_pressed = combined & KEY_MASK_SHIFT != 0
	key.ctrl_pressed = combined & KEY_MASK_CTRL != 0
	key.alt_pressed = combined & KEY_MASK_ALT != 0
	key.meta_pressed = combined & KEY_MASK_META != 0
	return Result.of(key)


## Sets property from a name of the table (or a plain index).
static func _indexed(event: InputEvent, property: String, table: Dictionary, value: Variant, field: String) -> Result:
	var index: int = _index_of(table, value)
	if index < 0:
		return _bad("'%s' is not a known %s; use one of %s." % [value, field, ", ".join(table.keys())])
	event.set(property, index)
	return Result.of(event)


static func _motion_from(data: Dictionary) -> Result:
	var direction: float = float(data.get("direction", 1))
	if direction == 0.0:
		return _bad("A joypad_motion event needs direction -1 or 1.")
	var built: Result = _indexed(InputEventJoypadMotion.new(), "axis", JOY_AXES, data.get("axis"), "axis")
	if built.succeeded():
		(built.value as InputEventJoypadMotion).axis_value = signf(direction)
	return built


static func _index_of(table: Dictionary, value: Variant) -> int:
	if value is float or value is int:
		return int(value) if int(value) in table.values() else -1
	return int(table.get(str(value).to_lower(), -1))


static func _name_of(table: Dictionary, index: int) -> Variant:
	var found: Variant = table.find_key(index)
	return found if found != null else index


static func _modifiers_to_json(event: InputEventWithModifiers, shape: Dictionary) -> void:
	var pressed: Array[bool] = [event.ctrl_pressed, event.alt_pressed, event.shift_pressed, event.meta_pressed]
	for i: int in MODIFIERS.size():
		if pressed[i]:
			shape[MODIFIERS[i]] = true


static func _modifiers_from_json(data: Dictionary, event: InputEventWithModifiers) -> void:
	event.ctrl_pressed = event.ctrl_pressed or bool(data.get("ctrl", false))
	event.alt_pressed = event.alt_pressed or bool(data.get("alt", false))
	event.shift_pressed = event.shift_pressed or bool(data.get("shift", false))
	event.meta_pressed = event.meta_pressed or bool(data.get("meta", false))


static func _bad(message: String) -> Result:
	return Result.fail("INVALID_PARAMS", message, SHAPE_HINT)
