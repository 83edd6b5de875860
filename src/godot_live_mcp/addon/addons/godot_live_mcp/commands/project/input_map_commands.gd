@tool
extends RefCounted
## input_map.* commands: the project's input actions and the events bound to them. Every change
## is saved to project.godot, followed by the editor's InputMap, and undoable (global history).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")
const ActionSetting := preload("res://addons/godot_live_mcp/authoring/input_action_setting.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const Detail := preload("res://addons/godot_live_mcp/shared/detail.gd")
const FORBIDDEN_CHARS: Array[String] = ["/", ":", "=", "\\", '"']

const GROUP := "input_map"
## One event as the input_map tools take it (input_event_codec.gd reads it); the names listed are
## the codec's MOUSE_BUTTONS, JOY_BUTTONS and JOY_AXES (a test keeps them in step).
const EVENT := {
	"@": "object: A key, mouse button, joypad button or joypad axis direction.",
	"type!": {"type": "string", "enum": EventCodec.TYPES, "description": "What kind of input."},
	"key": "string: type key: 'A', 'Space', 'Enter', 'Escape', 'Left', 'F1', or with modifiers 'Ctrl+S'.",
	"physical": "boolean=true: type key: match the key's position on the keyboard (the editor's default).",
	"button":
	(
		"any: type mouse_button: left, right, middle, wheel_up, wheel_down, wheel_left, wheel_right, xbutton1,"
		+ " xbutton2. type joypad_button: a, b, x, y, back, guide, start, left_stick, right_stick, left_shoulder,"
		+ " right_shoulder, dpad_up, dpad_down, dpad_left, dpad_right, misc1, paddle1, paddle2, paddle3, paddle4,"
		+ " touchpad. A name or a numeric index."
	),
	"axis":
	(
		"any: type joypad_motion: left_x, left_y, right_x, right_y, trigger_left, trigger_right. A name or a"
		+ " numeric index."
	),
	"direction": "integer[-1..1]: type joypad_motion: -1 or 1, the axis direction that triggers the action.",
	"double_click": "boolean: type mouse_button: only a double click.",
	"ctrl": "boolean: type key or mouse_button: with Ctrl held.",
	"alt": "boolean: type key or mouse_button: with Alt held.",
	"shift": "boolean: type key or mouse_button: with Shift held.",
	"meta": "boolean: type key or mouse_button: with Meta (Cmd, Windows key) held.",
	"device": "integer[-1..]: Device index; -1 (the default) means any device.",
}
## One action as the tools report it; as a field, a list of them. input_map.list gives events only
## at detail full; at normal, bindings instead, and builtin only when true.
const ACTIONS := {
	"@": "array: The actions, in project.godot's order.",
	"action!": "string",
	"deadzone": "number",
	"events": {"@": "array: Bound events in the input shape (type 'other': not editable here).", "type!": "string"},
	"builtin": "boolean: An engine-defined ui_* action.",
}
const BINDINGS := "array<string>: normal: one line an event, e.g. 'key Ctrl+S', 'joypad_motion left_x+'."
const NAMES := "array<string>: detail brief: the names."
const ACTION := {"action!": "string: Name of the action."}
const DEADZONE := "number[0..1]=%s: Analog threshold below which the action is not pressed (0..1)."
const DEFAULTS := {"marks": "scene_independent"}
const COMMANDS := {
	"input_map.list":
	{
		"text":
		(
			"List the project's input actions with their deadzone and bound events (keys, buttons, axes)."
			+ " With the engine's 94 ui_* actions: brief 2.5k, normal 9.4k, full (the former result) 15k characters."
		),
		"args":
		[
			{"include_builtin": "boolean=false: Also list the engine's built-in ui_* actions."},
			{"detail": Detail.ARG % "brief: names; normal: + deadzone, one line an event; full: event objects"},
			{"offset": PageArgs.OFFSET % "action", "limit": PageArgs.LIMIT_100 % "actions"},
		],
		"returns": {"@page": "actions offset", "action_names": NAMES, "actions": [ACTIONS, {"bindings": BINDINGS}]},
		"marks": "read_only idempotent scene_independent",
	},
	"input_map.add_action":
	{
		"text": "Add an input action to the project (saved to project.godot), optionally with its events.",
		"args":
		{
			"action!": "string: Name of the action, e.g. 'jump'.",
			"deadzone": DEADZONE % ActionSetting.DEFAULT_DEADZONE,
			"events": {"@": "array: Events to bind at once (more with input_map_add_event).", "@items": EVENT},
			"if_exists": "@if_exists",
		},
		"returns": [ACTIONS, {"status!": "@create_status"}],
	},
	"input_map.remove_action":
	{
		"text": "Remove one of the project's input actions and its events (built-in ui_* actions cannot go).",
		"args": ACTION,
		"returns": [ACTIONS, {"removed!": "boolean: Always true: the action is gone."}],
		"marks": "destructive scene_independent",
	},
	"input_map.add_event":
	{
		"text": "Bind one more key, mouse button, joypad button or joypad axis direction to an input action.",
		"args": [ACTION, {"event!": EVENT, "if_exists": "@if_exists"}],
		"returns": [ACTIONS, {"status!": "@create_status"}],
	},
	"input_map.remove_event":
	{
		"text": "Unbind one event from an input action, given as the same event shape or by its index.",
		"args":
		[
			ACTION,
			{"event": EVENT, "index": "integer[0..]: Position of the event in the action's list (instead of event)."},
		],
		"returns": [ACTIONS, {"removed_event!": {"@": "object: The event unbound.", "type!": "string"}}],
		"marks": "destructive scene_independent",
	},
}


static func list(params: CommandParams) -> Result:
	var level: String = params.text("detail")
	var key: String = "action_names" if level == "brief" else "actions"
	var shown: Array = []
	for action: String in ActionSetting.names(params.flag("include_builtin")):
		shown.append(action if level == "brief" else _listed(action, level))
	var offset: int = clampi(params.integer("offset"), 0, shown.size())
	var page: Dictionary = Pagination.list_page(shown, offset, params.integer("limit"), key, "actions")
	var narrower: Array[String] = ["lower the limit"]
	if params.flag("include_builtin"):
		narrower.push_front("leave include_builtin off")
	if level != "brief":
		narrower.push_front("ask for detail = 'brief'")
	return Result.of(Detail.fit(page, key, offset, level, ", or ".join(narrower)))


## The action as input_map.list shows it: full: as every tool reports it; normal: its events as lines.
static func _listed(action: String, level: String) -> Dictionary:
	var described: Dictionary = ActionSetting.describe(action)
	if level == "full":
		return described
	var lines: Array[String] = []
	for shape: Dictionary in described["events"]:
		lines.append(_binding(shape))
	var listed: Dictionary = {"action": action, "deadzone": described["deadzone"], "bindings": lines}
	if described["builtin"]:
		listed["builtin"] = true
	return listed


## One event in a line: its type, then what triggers it ("key Ctrl+S", "joypad_motion left_x-"), then
## the device when it is not any device (-1) or, for keys and mouse buttons, the first (0).
static func _binding(shape: Dictionary) -> String:
	var type: String = shape["type"]
	if type == "other":
		return str(shape.get("text", shape.get("class", "")))
	var held: String = ""
	for modifier: String in EventCodec.MODIFIERS:
		if shape.get(modifier, false):
			held += modifier.capitalize() + "+"
	var what: String = str(shape.get("key", shape.get("button", shape.get("axis", ""))))
	if type == "joypad_motion":
		what += "+" if int(shape.get("direction", 1)) > 0 else "-"
	var line: String = "%s %s%s" % [type, held, what]
	if shape.get("double_click", false):
		line += " double_click"
	# 0 is an event's default device, which the engine's own ui_* keys keep: for keys and mice it says nothing.
	var device: int = int(shape.get("device", -1))
	if device > 0 or (device == 0 and type.begins_with("joypad")):
		line += " device %d" % device
	return line


static func add_action(params: CommandParams) -> Result:
	var action: String = params.text("action").strip_edges()
	var policy: Result = IfExists.read(params)
	var checked: Result = policy if policy.failed() else _usable_name(action)
	var events: Array = []
	for shape: Variant in params.list("events"):
		if checked.succeeded():
			checked = ActionSetting.event_from(shape)
			events.append(checked.value)
	if checked.failed():
		return checked
	var existed: bool = ActionSetting.exists(action)
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The input action '%s'" % action, ActionSetting.describe(action))
	var value: Dictionary = {"deadzone": params.number("deadzone"), "events": events}
	var changed: Result = ActionSetting.change(action, value, "Add input action '%s'" % action)
	return changed if changed.failed() else _done(action, "replaced" if existed else "created")


static func remove_action(params: CommandParams) -> Result:
	var action: String = params.text("action")
	var found: Result = ActionSetting.require(action)
	if found.failed():
		return found
	if ActionSetting.is_builtin(action):
		return Result.fail(
			"INVALID_OPERATION",
			"'%s' is a built-in action of the engine; it can be changed but not removed." % action,
			"Remove its events one by one with input_map_remove_event instead."
		)
	var removed: Dictionary = ActionSetting.describe(action)
	var changed: Result = ActionSetting.change(action, null, "Remove input action '%s'" % action)
	if changed.failed():
		return changed
	removed["removed"] = true
	return Result.of(removed)


static func add_event(params: CommandParams) -> Result:
	var action: String = params.text("action")
	var policy: Result = IfExists.read(params)
	var checked: Result = policy if policy.failed() else ActionSetting.require(action)
	if checked.succeeded():
		checked = ActionSetting.event_from(params.value("event"))
	if checked.failed():
		return checked
	var value: Dictionary = ActionSetting.read(action)
	var existing: int = ActionSetting.find_event(value["events"], EventCodec.to_json(checked.value))
	if existing >= 0 and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "That event on '%s'" % action, ActionSetting.describe(action))
	if existing >= 0:
		value["events"][existing] = checked.value
	else:
		value["events"].append(checked.value)
	var changed: Result = ActionSetting.change(action, value, "Add event to input action '%s'" % action)
	return changed if changed.failed() else _done(action, "replaced" if existing >= 0 else "created")


static func remove_event(params: CommandParams) -> Result:
	var action: String = params.text("action")
	var found: Result = ActionSetting.require(action)
	if found.failed():
		return found
	var value: Dictionary = ActionSetting.read(action)
	var index: int = _chosen_index(value["events"], params)
	if index < 0:
		return Result.fail(
			"NOT_FOUND",
			"Input action '%s' has no such event (it has %d)." % [action, value["events"].size()],
			"input_map_list shows each action's events; pass one of them as event, or its position as index."
		)
	var removed: Variant = value["events"].pop_at(index)
	var changed: Result = ActionSetting.change(action, value, "Remove event from input action '%s'" % action)
	if changed.failed():
		return changed
	var result: Dictionary = ActionSetting.describe(action)
	result["removed_event"] = EventCodec.to_json(removed)
	return Result.of(result)


static func _chosen_index(events: Array, params: CommandParams) -> int:
	if params.has("index"):
		var index: int = params.integer("index")
		return index if index >= 0 and index < events.size() else -1
	var built: Result = ActionSetting.event_from(params.value("event"))
	return ActionSetting.find_event(events, EventCodec.to_json(built.value)) if built.succeeded() else -1


static func _done(action: String, status: String) -> Result:
	var result: Dictionary = ActionSetting.describe(action)
	result["status"] = status
	return Result.of(result)


static func _usable_name(action: String) -> Result:
	var problem: String = "The action name is empty." if action == "" else ""
	for forbidden: String in FORBIDDEN_CHARS:
		if action.contains(forbidden):
			problem = "The action name '%s' may not contain any of %s." % [action, " ".join(FORBIDDEN_CHARS)]
	if problem != "":
		return Result.fail("INVALID_PARAMS", problem, "Use a name like 'move_left' or 'jump'.")
	return Result.of(action)
