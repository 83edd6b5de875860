@tool
extends RefCounted
## Turns an input recording (input_record) into a playtest script (export-clean): each event becomes
## a step at the frame it was recorded after, and a last step runs to the recording's end. Events a
## script cannot express (joypads, touch, echoes of held keys) are left out.

const InputRecording := preload("res://addons/godot_live_mcp/runtime/input_recording.gd")
const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")

## Keys that are modifiers themselves: pressing Shift is "Shift", not "Shift+Shift".
const MODIFIER_KEYS: Array[Key] = [KEY_SHIFT, KEY_CTRL, KEY_ALT, KEY_META]


## The script (a JSON object) that feeds recording's input at the frames it was recorded.
static func script_of(recording: InputRecording) -> Dictionary:
	var steps: Array[Dictionary] = []
	var last: int = 0
	for i: int in recording.events.size():
		var step: Dictionary = step_of(recording.events[i])
		if step.is_empty():
			continue
		last = recording.frames[i]
		step["at"] = last
		steps.append(step)
	if recording.length_frames > last or steps.is_empty():
		steps.append({"do": "step", "frames": maxi(recording.length_frames - last, 1)})
	return {"steps": steps}


## The step that sends event ({} for one a script cannot express).
static func step_of(event: InputEvent) -> Dictionary:
	var phase: String = "press" if event.is_pressed() else "release"
	if event is InputEventAction:
		var action: InputEventAction = event
		var step: Dictionary = {"do": phase, "action": str(action.action)}
		if action.pressed and action.strength != 1.0:
			step["strength"] = action.strength
		return step
	if event is InputEventKey and not (event as InputEventKey).echo:
		var key: InputEventKey = event
		var code: Key = key.physical_keycode if key.physical_keycode != KEY_NONE else key.keycode
		var held: int = 0 if code in MODIFIER_KEYS else key.get_modifiers_mask()
		return {"do": phase, "key": OS.get_keycode_string(held | code)}
	if event is InputEventMouseButton:
		var mouse: InputEventMouseButton = event
		var button: Variant = EventCodec.MOUSE_BUTTONS.find_key(mouse.button_index)
		if button != null:
			return {"do": phase, "button": button, "position": [mouse.position.x, mouse.position.y]}
	if event is InputEventMouseMotion:
		var motion: InputEventMouseMotion = event
		return {"do": "move", "position": [motion.position.x, motion.position.y]}
	return {}
