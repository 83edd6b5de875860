@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## input.action_press / action_release / action_tap / key / mouse_button / mouse_motion / text.
## A paused game receives input at the start of the next frame it processes; a tap releases after
## `frames` game frames, so a paused game stepped forward sees both, at the same frames every time.

const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const InputSynth := preload("res://addons/godot_live_mcp/runtime/input_synth.gd")
const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")

const CHANNEL := "runtime"
const GROUP := "input"
const ACTION := {"action!": "string: An input action of the project, e.g. 'jump' (input_map_list shows them)."}
const STRENGTH := {"strength": "number[0..1]=1: How far the action is pressed, 0-1."}
const PHASE := {"phase": 'enum(tap|press|release)="tap": tap (press, release next frame), press or release.'}
const POSITION := 'any: Where, in viewport pixels: [x, y] or {"type": "Vector2", "x": …, "y": …}.'
const BUTTON := {
	"button":
	'enum(left|right|middle|wheel_up|wheel_down|wheel_left|wheel_right|xbutton1|xbutton2)="left": Which button.',
}
const MODIFIERS := [
	{"@": 'object: Modifier keys held with it, e.g. {"shift": true}.'},
	{"ctrl": "boolean: Ctrl held.", "alt": "boolean: Alt held.", "shift": "boolean: Shift held."},
	{"meta": "boolean: Meta (Cmd or Windows key) held."},
]
const SENT := [
	{"sent!": "string: What was sent.", "game_frame": "integer", "paused": "boolean"},
	{"seen_from_frame": "integer: The first game frame that sees the input (a paused game gets it then)."},
	{"release_frame": "integer: The first game frame that sees the release (taps)."},
]
const COMMANDS := {
	"input.action_press":
	{
		"text": "Press an input action and keep it held until input_action_release.",
		"args": [ACTION, STRENGTH],
		"returns": SENT,
	},
	"input.action_release": {"text": "Release a held input action.", "args": ACTION, "returns": SENT},
	"input.action_tap":
	{
		"text": "Press an input action now and release it after `frames` game frames.",
		"args": [ACTION, STRENGTH, {"frames": "integer[1..100000]=1: Game frames to hold it before the release."}],
		"returns": SENT,
	},
	"input.key":
	{
		"text": "Press, release or tap (the default) a keyboard key, with optional modifiers.",
		"args":
		[
			{"key!": "string: A Godot key name: 'A', 'Space', 'Escape', 'Left', 'F1', 'Ctrl+S', …"},
			PHASE,
			{"modifiers": MODIFIERS},
		],
		"returns": SENT,
	},
	"input.mouse_button":
	{
		"text": "Press, release or tap (the default) a mouse button at a position in the viewport.",
		"args":
		[{"position!": POSITION}, BUTTON, PHASE, {"double_click": "boolean=false: Mark the press as a double click."}],
		"returns": SENT,
	},
	"input.mouse_motion":
	{
		"text": "Move the mouse pointer over the game's viewport.",
		"args":
		{
			"position!": POSITION,
			"relative": "any: The motion, as position is given; default: from the last position sent.",
		},
		"returns": SENT,
	},
	"input.text":
	{
		"text": "Type text into the game (key presses carrying each character, as LineEdit reads them).",
		"args": {"text!": "string: The text to type; '\\n' presses Enter."},
		"returns": SENT,
	},
}

var _mouse_position: Vector2 = Vector2.ZERO


func action_press(params: CommandParams) -> Result:
	var action: Result = _action(params)
	if action.failed():
		return action
	_deliver(InputSynth.action(action.value, true, params.number("strength")))
	return _sent("pressed '%s'" % action.value)


func action_release(params: CommandParams) -> Result:
	var action: Result = _action(params)
	if action.failed():
		return action
	_deliver(InputSynth.action(action.value, false))
	return _sent("released '%s'" % action.value)


func action_tap(params: CommandParams) -> Result:
	var action: Result = _action(params)
	if action.failed():
		return action
	var frames: int = params.integer("frames")
	_deliver(InputSynth.action(action.value, true, params.number("strength")))
	var release: InputEvent = InputSynth.action(action.value, false)
	return _release_later(release, frames, "tapped '%s' for %d frames" % [action.value, frames])


func key(params: CommandParams) -> Result:
	var name: String = params.text("key")
	var press: InputEventKey = InputSynth.key(name, true, params.object("modifiers"))
	if press == null:
		return Result.fail(
			"INVALID_PARAMS",
			"Unknown key '%s'." % name,
			"Use Godot key names: 'A', 'Space', 'Escape', 'Left', 'F1', or a combination such as 'Ctrl+S'."
		)
	return _press_release(params.text("phase"), press, InputSynth.key(name, false, params.object("modifiers")), name)


func mouse_button(params: CommandParams) -> Result:
	var where: Result = _vector(params, "position")
	if where.failed():
		return where
	var name: String = params.text("button")
	if not EventCodec.MOUSE_BUTTONS.has(name):
		return Result.fail(
			"INVALID_PARAMS", "Unknown button '%s'; use one of %s." % [name, EventCodec.MOUSE_BUTTONS.keys()]
		)
	var button: MouseButton = EventCodec.MOUSE_BUTTONS[name]
	_mouse_position = where.value
	var press: InputEvent = InputSynth.mouse_button(button, _mouse_position, true, params.flag("double_click"))
	var release: InputEvent = InputSynth.mouse_button(button, _mouse_position, false)
	return _press_release(params.text("phase"), press, release, "%s at %s" % [name, _mouse_position])


func mouse_motion(params: CommandParams) -> Result:
	var where: Result = _vector(params, "position")
	if where.failed():
		return where
	var target: Vector2 = where.value
	var relative: Result = (
		_vector(params, "relative") if params.has("relative") else Result.of(target - _mouse_position)
	)
	if relative.failed():
		return relative
	_mouse_position = target
	_deliver(InputSynth.mouse_motion(target, relative.value))
	return _sent("moved the pointer to %s" % target)


func text(params: CommandParams) -> Result:
	var typed: String = params.text("text")
	for event: InputEvent in InputSynth.typed(typed):
		_deliver(event)
	return _sent("typed %d characters" % typed.length())


## The action params names, or NOT_FOUND listing the game's actions.
func _action(params: CommandParams) -> Result:
	var action: String = params.text("action")
	if InputMap.has_action(StringName(action)):
		return Result.of(action)
	var names: PackedStringArray = PackedStringArray()
	for known: StringName in InputMap.get_actions():
		if not str(known).begins_with("_") and not str(known).begins_with("ui_"):
			names.append(str(known))
	return Result.fail(
		"NOT_FOUND",
		"The game has no input action '%s'." % action,
		"%sIts actions: %s." % [NameSuggestions.did_you_mean(action, Array(names)), ", ".join(names)]
	)


## The Vector2 params gives as name, or the failure naming it.
static func _vector(params: CommandParams, name: String) -> Result:
	return Coercion.from_json(params.value(name), TYPE_VECTOR2).within(name)


## Sends press and/or release as phase asks: a tap releases one frame after the press.
func _press_release(phase: String, press: InputEvent, release: InputEvent, what: String) -> Result:
	if phase == "press":
		_deliver(press)
		return _sent("pressed %s" % what)
	if phase == "release":
		_deliver(release)
		return _sent("released %s" % what)
	_deliver(press)
	return _release_later(release, 1, "tapped %s" % what)


## Releases frames game frames after the press was delivered.
func _release_later(release: InputEvent, frames: int, what: String) -> Result:
	var at: int = _state.clock.input_frame() + frames
	_state.clock.schedule(at, func() -> void: InputSynth.send(release))
	var sent: Result = _sent(what)
	sent.value["release_frame"] = at
	return sent


## A running game gets the event now. A paused one gets it at the start of the next frame it
## processes: that is when a player's input would reach it, and how a replay delivers it, so a
## press followed by a step is a fresh press (is_action_just_pressed) in the first stepped frame.
func _deliver(event: InputEvent) -> void:
	if _state.clock.is_paused():
		_state.clock.schedule(_state.clock.input_frame(), func() -> void: InputSynth.send(event))
	else:
		InputSynth.send(event)


## What was sent, and when the game sees it.
func _sent(what: String) -> Result:
	var clock: Dictionary = {"game_frame": _state.clock.game_frames, "paused": _state.clock.is_paused()}
	clock["seen_from_frame"] = _state.clock.input_frame()
	clock["sent"] = what
	return Result.of(clock)
