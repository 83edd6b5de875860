@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## input.action_press / action_release / action_tap / key / mouse_button / mouse_motion / text.
## A paused game receives input at the start of the next frame it processes; a tap releases after
## `frames` game frames, so a paused game stepped forward sees both, at the same frames every time.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const InputSynth := preload("res://addons/godot_live_mcp/runtime/input_synth.gd")
const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")

const PHASES: Array = ["tap", "press", "release"]

var _mouse_position: Vector2 = Vector2.ZERO


func register(registry: MCPToolkitCommandRegistry) -> void:
	var action_args: Dictionary = {
		"action": S.string("An input action of the project, e.g. 'jump' (input_map_list shows them)."),
		"strength": S.number("How far the action is pressed, 0-1 (default 1)."),
	}
	_add(
		registry,
		"input.action_press",
		action_press,
		"Press an input action and keep it held until input_action_release.",
		action_args,
		["action"]
	)
	_add(
		registry,
		"input.action_release",
		action_release,
		"Release a held input action.",
		{"action": action_args["action"]},
		["action"]
	)
	var tap_args: Dictionary = action_args.duplicate()
	tap_args["frames"] = S.integer("Game frames to hold it before the release.", 1, 1)
	_add(
		registry,
		"input.action_tap",
		action_tap,
		"Press an input action now and release it after `frames` game frames.",
		tap_args,
		["action"]
	)
	_add(
		registry,
		"input.key",
		key,
		"Press, release or tap (the default) a keyboard key, with optional modifiers.",
		_key_args(),
		["key"]
	)
	_add(
		registry,
		"input.mouse_button",
		mouse_button,
		"Press, release or tap (the default) a mouse button at a position in the viewport.",
		_button_args(),
		["position"]
	)
	var motion: Dictionary = {
		"position": S.any('Where the pointer moves to, in viewport pixels: [x, y] or {"type": "Vector2", ...}.'),
		"relative": S.any("The motion; default: from the last position sent."),
	}
	_add(
		registry,
		"input.mouse_motion",
		mouse_motion,
		"Move the mouse pointer over the game's viewport.",
		motion,
		["position"]
	)
	_add(
		registry,
		"input.text",
		text,
		"Type text into the game (key presses carrying each character, as LineEdit reads them).",
		{"text": S.string("The text to type; '\\n' presses Enter.")},
		["text"]
	)


func action_press(params: Dictionary) -> Dictionary:
	var missing: Variant = _unknown_action(params)
	if missing != null:
		return missing
	_deliver(InputSynth.action(params["action"], true, _strength(params)))
	return _sent("pressed '%s'" % params["action"])


func action_release(params: Dictionary) -> Dictionary:
	var missing: Variant = _unknown_action(params)
	if missing != null:
		return missing
	_deliver(InputSynth.action(params["action"], false))
	return _sent("released '%s'" % params["action"])


func action_tap(params: Dictionary) -> Dictionary:
	var missing: Variant = _unknown_action(params)
	if missing != null:
		return missing
	var frames: int = maxi(int(params.get("frames", 1)), 1)
	_deliver(InputSynth.action(params["action"], true, _strength(params)))
	var release: InputEvent = InputSynth.action(params["action"], false)
	return _release_later(release, frames, "tapped '%s' for %d frames" % [params["action"], frames])


func key(params: Dictionary) -> Dictionary:
	var name: String = str(params.get("key", ""))
	var modifiers: Dictionary = params.get("modifiers", {})
	var press: InputEventKey = InputSynth.key(name, true, modifiers)
	if press == null:
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"Unknown key '%s'." % name,
			"Use Godot key names: 'A', 'Space', 'Escape', 'Left', 'F1', or a combination such as 'Ctrl+S'."
		)
	var release: InputEventKey = InputSynth.key(name, false, modifiers)
	var phase: String = str(params.get("phase", "tap"))
	if phase != "release":
		_deliver(press)
	if phase == "press":
		return _sent("pressed %s" % name)
	if phase == "release":
		_deliver(release)
		return _sent("released %s" % name)
	return _release_later(release, 1, "tapped %s" % name)


func mouse_button(params: Dictionary) -> Dictionary:
	var where: Dictionary = Coercion.to_variant(params.get("position"), TYPE_VECTOR2)
	if not where["ok"]:
		return MCPToolkitError.fail(where["code"], "position: %s" % where["message"])
	var name: String = str(params.get("button", "left"))
	if not EventCodec.MOUSE_BUTTONS.has(name):
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "Unknown button '%s'; use one of %s." % [name, EventCodec.MOUSE_BUTTONS.keys()]
		)
	var button: MouseButton = EventCodec.MOUSE_BUTTONS[name]
	var phase: String = str(params.get("phase", "tap"))
	_mouse_position = where["value"]
	if phase != "release":
		_deliver(InputSynth.mouse_button(button, _mouse_position, true, bool(params.get("double_click", false))))
	if phase == "press":
		return _sent("pressed %s at %s" % [name, _mouse_position])
	var release: InputEvent = InputSynth.mouse_button(button, _mouse_position, false)
	if phase == "release":
		_deliver(release)
		return _sent("released %s at %s" % [name, _mouse_position])
	return _release_later(release, 1, "clicked %s at %s" % [name, _mouse_position])


func mouse_motion(params: Dictionary) -> Dictionary:
	var where: Dictionary = Coercion.to_variant(params.get("position"), TYPE_VECTOR2)
	if not where["ok"]:
		return MCPToolkitError.fail(where["code"], "position: %s" % where["message"])
	var target: Vector2 = where["value"]
	var relative: Vector2 = target - _mouse_position
	if params.get("relative") != null:
		var given: Dictionary = Coercion.to_variant(params["relative"], TYPE_VECTOR2)
		if not given["ok"]:
			return MCPToolkitError.fail(given["code"], "relative: %s" % given["message"])
		relative = given["value"]
	_mouse_position = target
	_deliver(InputSynth.mouse_motion(target, relative))
	return _sent("moved the pointer to %s" % target)


func text(params: Dictionary) -> Dictionary:
	var typed: String = str(params.get("text", ""))
	for event: InputEvent in InputSynth.typed(typed):
		_deliver(event)
	return _sent("typed %d characters" % typed.length())


func _unknown_action(params: Dictionary) -> Variant:
	var missing: Variant = MCPToolkitError.require(params, ["action"])
	if missing != null:
		return missing
	if InputMap.has_action(StringName(str(params["action"]))):
		return null
	var names: PackedStringArray = PackedStringArray()
	for known: StringName in InputMap.get_actions():
		if not str(known).begins_with("ui_"):
			names.append(str(known))
	return MCPToolkitError.fail(
		"NOT_FOUND", "The game has no input action '%s'." % params["action"], "Its actions: %s." % ", ".join(names)
	)


func _strength(params: Dictionary) -> float:
	return clampf(float(params.get("strength", 1.0)), 0.0, 1.0)


## Releases frames game frames after the press was delivered.
func _release_later(release: InputEvent, frames: int, what: String) -> Dictionary:
	var at: int = _delivery_frame() + frames
	_state.clock.schedule(at, func() -> void: InputSynth.send(release))
	var result: Dictionary = _sent(what)
	result["release_frame"] = at
	return result


## A running game gets the event now. A paused one gets it at the start of the next frame it
## processes: that is when a player's input would reach it, and how a replay delivers it, so a
## press followed by a step is a fresh press (is_action_just_pressed) in the first stepped frame.
func _deliver(event: InputEvent) -> void:
	if _state.clock.is_paused():
		_state.clock.schedule(_delivery_frame(), func() -> void: InputSynth.send(event))
	else:
		InputSynth.send(event)


## The first game frame that will see an event sent now.
func _delivery_frame() -> int:
	return _state.clock.input_frame()


func _sent(what: String) -> Dictionary:
	return (
		MCPToolkitSuccess
		. ok(
			{
				"sent": what,
				"game_frame": _state.clock.game_frames,
				"paused": _state.clock.is_paused(),
				"seen_from_frame": _delivery_frame(),
			}
		)
	)


static func _key_args() -> Dictionary:
	var modifiers: Dictionary = {}
	for name: String in EventCodec.MODIFIERS:
		modifiers[name] = S.boolean()
	return {
		"key": S.string("A Godot key name: 'A', 'Space', 'Escape', 'Left', 'F1', 'Ctrl+S', …"),
		"phase": S.enum_of(PHASES, "tap (press, release next frame), press or release.", "tap"),
		"modifiers": S.object(modifiers, [], false),
	}


static func _button_args() -> Dictionary:
	return {
		"position": S.any('Where, in viewport pixels: [x, y] or {"type": "Vector2", "x": …, "y": …}.'),
		"button": S.enum_of(EventCodec.MOUSE_BUTTONS.keys(), "Which button.", "left"),
		"phase": S.enum_of(PHASES, "tap (press, release next frame), press or release.", "tap"),
		"double_click": S.boolean("Mark the press as a double click.", false),
	}


static func _add(
	registry: MCPToolkitCommandRegistry,
	name: String,
	handler: Callable,
	description: String,
	args: Dictionary,
	required: Array
) -> void:
	var output: Dictionary = (
		S
		. object(
			{
				"sent": S.string("What was sent."),
				"game_frame": S.integer(),
				"paused": S.boolean(),
				"seen_from_frame": S.integer("The first game frame that sees the input (a paused game gets it then)."),
				"release_frame": S.integer("The first game frame that sees the release (taps)."),
			},
			["sent"],
			true
		)
	)
	registry.add(
		name,
		handler,
		Options.changing(name, description).with_input_schema(S.object(args, required)).with_output_schema(output)
	)
