@tool
extends RefCounted
## A playtest script read from JSON and checked in full before anything runs (export-clean): every
## mistake names its place ("steps[3].frames"), and the hint says what fits. The format (one source of
## truth: VERBS and FIELDS below) is documented in docs/playtest.md.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PlaytestScript := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_script.gd")
const PlaytestStep := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_step.gd")
const Condition := preload("res://addons/godot_live_mcp/runtime/conditions/condition.gd")
const InputSynth := preload("res://addons/godot_live_mcp/runtime/input_synth.gd")
const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")

## Each verb and its fields ("!" required). "target" is one of action, key, or button with position.
const VERBS := {
	"press": "target strength",
	"release": "target",
	"tap": "target strength frames",
	"hold": "target strength frames!",
	"move": "position!",
	"click": "position! button",
	"step": "frames!",
	"step_until": "condition! max_frames",
	"screenshot": "name!",
	"assert": "condition!",
	"set": "node property setting value!",
}
## Each field a step may carry, and its JSON type.
const FIELDS := {
	"do": TYPE_STRING,
	"at": TYPE_INT,
	"action": TYPE_STRING,
	"key": TYPE_STRING,
	"button": TYPE_STRING,
	"position": TYPE_ARRAY,
	"strength": TYPE_FLOAT,
	"frames": TYPE_INT,
	"max_frames": TYPE_INT,
	"condition": TYPE_STRING,
	"name": TYPE_STRING,
	"node": TYPE_STRING,
	"property": TYPE_STRING,
	"setting": TYPE_STRING,
	"value": TYPE_NIL,  # any JSON value: the property's own type decides
}
const TOP_LEVEL := ["steps", "watch", "signals", "log", "watch_every"]
const LOG_MODES := ["errors", "all"]
const MAX_STEPS := 1000
const MAX_WATCHES := 32
const MAX_FRAMES := 100000
const DEFAULT_MAX_FRAMES := 600
const FORMAT_HINT := 'docs/playtest.md has the format; a step is e.g. {"do": "hold", "action": "jump", "frames": 10}.'

var steps: Array[PlaytestStep] = []
## Watched expressions (the condition language), their compiled forms in the same order.
var watch_texts: PackedStringArray = PackedStringArray()
var watches: Array[Condition] = []
## Watched signals: {"node": path, "signal": name} each.
var signals: Array[Dictionary] = []
var log_mode: String = "errors"
var watch_every: int = 1


## data (a parsed JSON object) as a script, or INVALID_PARAMS naming the first mistake.
static func read(data: Variant) -> Result:
	if not data is Dictionary:
		return _bad("script", "must be an object with 'steps'.")
	var shape: Dictionary = data
	for field: Variant in shape:
		if not str(field) in TOP_LEVEL:
			return _bad("script", "unknown field '%s'; a script has %s." % [field, ", ".join(TOP_LEVEL)])
	var script: PlaytestScript = PlaytestScript.new()
	var checks: Array[Result] = [
		script._read_watches(shape.get("watch", [])),
		script._read_signals(shape.get("signals", [])),
		script._read_options(shape),
		script._read_steps(shape.get("steps")),
	]
	for check: Result in checks:
		if check.failed():
			return check
	return Result.of(script)


## The frames the steps run at most, the longest a step_until may take counted.
func frame_budget() -> int:
	var total: int = 0
	for step: PlaytestStep in steps:
		if step.verb in ["hold", "step", "step_until"]:
			total += step.frames
		total = maxi(total, step.at)
	return total


func _read_watches(given: Variant) -> Result:
	if not given is Array or (given as Array).size() > MAX_WATCHES:
		return _bad("watch", "must be a list of at most %d expressions." % MAX_WATCHES)
	for i: int in (given as Array).size():
		var compiled: Result = Condition.compile(str(given[i]))
		if compiled.failed():
			return compiled.within("watch[%d]" % i)
		watch_texts.append(str(given[i]).strip_edges())
		watches.append(compiled.value)
	return Result.of(null)


func _read_signals(given: Variant) -> Result:
	if not given is Array or (given as Array).size() > MAX_WATCHES:
		return _bad("signals", 'must be a list of at most %d {"node", "signal"} objects.' % MAX_WATCHES)
	for i: int in (given as Array).size():
		var entry: Variant = given[i]
		if not entry is Dictionary or not (entry as Dictionary).has("node") or not (entry as Dictionary).has("signal"):
			return _bad("signals[%d]" % i, 'must be {"node": "Path", "signal": "name"}.')
		signals.append({"node": str(entry["node"]), "signal": str(entry["signal"])})
	return Result.of(null)


func _read_options(shape: Dictionary) -> Result:
	log_mode = str(shape.get("log", "errors"))
	if not log_mode in LOG_MODES:
		return _bad("log", "must be 'errors' (errors and warnings) or 'all' (every printed line too).")
	var every: Variant = shape.get("watch_every", 1)
	if not _is_integer(every) or int(every) < 1:
		return _bad("watch_every", "must be a whole number of frames, 1 or more.")
	watch_every = int(every)
	return Result.of(null)


func _read_steps(given: Variant) -> Result:
	if not given is Array or (given as Array).is_empty() or (given as Array).size() > MAX_STEPS:
		return _bad("steps", "must be a list of 1 to %d steps." % MAX_STEPS)
	for i: int in (given as Array).size():
		var step: Result = _read_step(given[i], i)
		if step.failed():
			return step
		steps.append(step.value)
	if frame_budget() > MAX_FRAMES:
		return _bad("steps", "run %d frames at most; these may run %d." % [MAX_FRAMES, frame_budget()])
	return Result.of(null)


static func _read_step(given: Variant, index: int) -> Result:
	var place: String = "steps[%d]" % index
	if not given is Dictionary or not VERBS.has(str((given as Dictionary).get("do", ""))):
		return _bad(place, 'needs "do": one of %s.' % ", ".join(VERBS.keys()))
	var shape: Dictionary = given
	var verb: String = str(shape["do"])
	var allowed: PackedStringArray = _fields_of(verb)
	for field: Variant in shape:
		var checked: Result = _check_field(shape, str(field), allowed, place)
		if checked.failed():
			return checked
	for field: String in allowed:
		if field.ends_with("!") and not shape.has(field.trim_suffix("!")):
			return _bad(place, "%s needs '%s'." % [verb, field.trim_suffix("!")])
	var step: PlaytestStep = PlaytestStep.new()
	step.index = index
	step.verb = verb
	return _fill(step, shape)


## The fields verb takes ("!" kept on required ones), "do" and "at" included.
static func _fields_of(verb: String) -> PackedStringArray:
	var fields: PackedStringArray = ["do", "at"]
	for field: String in str(VERBS[verb]).split(" "):
		if field == "target":
			fields.append_array(["action", "key", "button", "position"])
		else:
			fields.append(field)
	return fields


static func _check_field(shape: Dictionary, field: String, allowed: PackedStringArray, place: String) -> Result:
	if not (field in allowed or field + "!" in allowed):
		var names: PackedStringArray = PackedStringArray()
		for name: String in allowed:
			names.append(name.trim_suffix("!"))
		return _bad(place, "%s takes no '%s'; it takes %s." % [shape["do"], field, ", ".join(names)])
	var value: Variant = shape[field]
	var wanted: int = FIELDS[field]
	var fits: bool = typeof(value) == wanted or wanted == TYPE_NIL
	if wanted == TYPE_INT:
		fits = _is_integer(value) and int(value) >= 0 and int(value) <= MAX_FRAMES
	elif wanted == TYPE_FLOAT:
		fits = value is float or value is int
	elif wanted == TYPE_ARRAY:
		fits = value is Array and (value as Array).size() == 2 and _all_numbers(value as Array)
	if not fits:
		return _bad("%s.%s" % [place, field], "must be %s." % _type_words(wanted))
	return Result.of(null)


## step with the values of shape, every reference to the game (action, key, button, condition) checked.
static func _fill(step: PlaytestStep, shape: Dictionary) -> Result:
	step.at = int(shape.get("at", -1))
	step.action = str(shape.get("action", ""))
	step.key = str(shape.get("key", ""))
	step.button = str(shape.get("button", "left" if step.verb == "click" else ""))
	var where: Array = shape.get("position", [0, 0])
	step.position = Vector2(float(where[0]), float(where[1]))
	step.strength = clampf(float(shape.get("strength", 1.0)), 0.0, 1.0)
	step.frames = int(shape.get("frames", 1))
	step.name = str(shape.get("name", ""))
	step.node = str(shape.get("node", ""))
	step.property = str(shape.get("property", ""))
	step.setting = str(shape.get("setting", ""))
	step.value = shape.get("value")
	if step.verb == "step_until":
		step.frames = int(shape.get("max_frames", DEFAULT_MAX_FRAMES))
	if shape.has("condition"):
		var compiled: Result = Condition.compile(str(shape["condition"]))
		if compiled.failed():
			return compiled.within(step.place() + ".condition")
		step.condition = compiled.value
	var sound: Result = _check_target(step, shape)
	return sound if sound.failed() else Result.of(step)


static func _check_target(step: PlaytestStep, shape: Dictionary) -> Result:
	var place: String = step.place()
	if step.frames < 1 and step.verb in ["tap", "hold", "step", "step_until"]:
		return _bad(place + ".frames", "must be 1 or more.")
	if step.verb == "screenshot" and (not step.name.is_valid_filename() or step.name.contains(".")):
		return _bad(place + ".name", "must be a plain file name without extension, e.g. 'after_jump'.")
	if step.verb == "set":
		return _check_set(step)
	if not "target" in str(VERBS[step.verb]):
		return _check_button(step, shape) if step.verb == "click" else Result.of(null)
	var given: int = int(step.action != "") + int(step.key != "") + int(step.button != "")
	if given != 1:
		return _bad(place, "%s needs exactly one of 'action', 'key' or 'button' (with 'position')." % step.verb)
	if step.action != "" and not InputMap.has_action(StringName(step.action)):
		return Result.fail(
			"NOT_FOUND",
			"%s.action: the game has no input action '%s'." % [place, step.action],
			"input_map_list shows them."
		)
	if step.key != "" and InputSynth.key(step.key, true) == null:
		return _bad(place + ".key", "'%s' is not a Godot key name such as 'A', 'Space', 'Left' or 'Ctrl+S'." % step.key)
	return _check_button(step, shape) if step.button != "" else Result.of(null)


## A set names a node's property or a project setting, not both; the setting must exist (a node may
## appear only later, so the runner looks it up when the step runs).
static func _check_set(step: PlaytestStep) -> Result:
	if (step.node != "") == (step.setting != "") or (step.node != "") != (step.property != ""):
		return _bad(step.place(), "set needs 'node' with 'property', or 'setting'.")
	if step.setting != "" and not ProjectSettings.has_setting(step.setting):
		return Result.fail(
			"NOT_FOUND",
			"%s.setting: the project has no setting '%s'." % [step.place(), step.setting],
			"project_setting_list shows them (e.g. physics/2d/default_gravity)."
		)
	return Result.of(null)


static func _check_button(step: PlaytestStep, shape: Dictionary) -> Result:
	if not EventCodec.MOUSE_BUTTONS.has(step.button):
		return _bad(step.place() + ".button", "must be one of %s." % ", ".join(EventCodec.MOUSE_BUTTONS.keys()))
	if not shape.has("position"):
		return _bad(step.place(), "a mouse button needs 'position': [x, y] in viewport pixels.")
	return Result.of(null)


static func _is_integer(value: Variant) -> bool:
	return value is int or (value is float and is_equal_approx(float(value), roundf(float(value))))


static func _all_numbers(values: Array) -> bool:
	return values.all(func(item: Variant) -> bool: return item is float or item is int)


static func _type_words(type: int) -> String:
	const WORDS := {
		TYPE_STRING: "a string",
		TYPE_INT: "a whole number from 0 to %d" % MAX_FRAMES,
		TYPE_FLOAT: "a number",
		TYPE_ARRAY: "[x, y], two numbers",
	}
	return WORDS[type]


static func _bad(place: String, text: String) -> Result:
	return Result.fail("INVALID_PARAMS", "%s: %s" % [place, text], FORMAT_HINT)
