@tool
extends RefCounted
## input_map.* commands: the project's input actions and the events bound to them. Every change
## is saved to project.godot, followed by the editor's InputMap, and undoable (global history).

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")
const ActionSetting := preload("res://addons/godot_live_mcp/authoring/input_action_setting.gd")
const GROUP_TEXT := "Input actions of the project and the keys, mouse buttons and joypad inputs bound to them."
const KEYWORDS: Array[String] = ["input", "action", "key", "controls", "joypad"]
const FORBIDDEN_CHARS: Array[String] = ["/", ":", "=", "\\", '"']
const DEFAULT_LIMIT := 100


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("input_map.list", list, _list_options())
	registry.add("input_map.add_action", add_action, _add_action_options())
	registry.add("input_map.remove_action", remove_action, _remove_action_options())
	registry.add("input_map.add_event", add_event, _add_event_options())
	registry.add("input_map.remove_event", remove_event, _remove_event_options())


static func list(params: Dictionary) -> Dictionary:
	var builtin_too: bool = bool(params.get("include_builtin", false))
	var actions: Array[Dictionary] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var action: String = str(property["name"]).trim_prefix("input/")
		if str(property["name"]).begins_with("input/") and (builtin_too or not ActionSetting.is_builtin(action)):
			actions.append(ActionSetting.describe(action))
	var offset: int = int(params.get("offset", 0))
	var limit: int = int(params.get("limit", DEFAULT_LIMIT))
	return MCPToolkitSuccess.ok(Pagination.list_page(actions, offset, limit, "actions", "actions"))


static func add_action(params: Dictionary) -> Dictionary:
	var policy: String = IfExists.policy(params)
	if policy == "":
		return IfExists.invalid(params)
	var action: String = str(params.get("action", "")).strip_edges()
	var problem: String = _name_problem(action)
	if problem != "":
		return MCPToolkitError.fail("INVALID_PARAMS", problem, "Use a name like 'move_left' or 'jump'.")
	var events: Array = []
	for shape: Variant in params.get("events", []):
		var built: Dictionary = EventCodec.from_json(shape)
		if not built["ok"]:
			return _bad_event(built)
		events.append(built["event"])
	var existed: bool = ActionSetting.exists(action)
	if existed and policy != IfExists.REPLACE:
		return IfExists.existing(policy, "The input action '%s'" % action, ActionSetting.describe(action))
	var deadzone: float = float(params.get("deadzone", ActionSetting.DEFAULT_DEADZONE))
	var failed: Dictionary = ActionSetting.change(
		action, {"deadzone": deadzone, "events": events}, "Add input action '%s'" % action
	)
	return failed if not failed.is_empty() else _done(action, "replaced" if existed else "created")


static func remove_action(params: Dictionary) -> Dictionary:
	var action: String = str(params.get("action", ""))
	if not ActionSetting.exists(action):
		return _missing(action)
	if ActionSetting.is_builtin(action):
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			"'%s' is a built-in action of the engine; it can be changed but not removed." % action,
			"Remove its events one by one with input_map_remove_event instead."
		)
	var removed: Dictionary = ActionSetting.describe(action)
	var failed: Dictionary = ActionSetting.change(action, null, "Remove input action '%s'" % action)
	if not failed.is_empty():
		return failed
	removed["removed"] = true
	return MCPToolkitSuccess.ok(removed)


static func add_event(params: Dictionary) -> Dictionary:
	var policy: String = IfExists.policy(params)
	if policy == "":
		return IfExists.invalid(params)
	var action: String = str(params.get("action", ""))
	if not ActionSetting.exists(action):
		return _missing(action)
	var built: Dictionary = EventCodec.from_json(params.get("event"))
	if not built["ok"]:
		return _bad_event(built)
	var value: Dictionary = ActionSetting.read(action)
	var shape: Dictionary = EventCodec.to_json(built["event"])
	var existing: int = ActionSetting.find_event(value["events"], shape)
	if existing >= 0 and policy != IfExists.REPLACE:
		return IfExists.existing(policy, "That event on '%s'" % action, ActionSetting.describe(action))
	if existing >= 0:
		value["events"][existing] = built["event"]
	else:
		value["events"].append(built["event"])
	var failed: Dictionary = ActionSetting.change(action, value, "Add event to input action '%s'" % action)
	return failed if not failed.is_empty() else _done(action, "replaced" if existing >= 0 else "created")


static func remove_event(params: Dictionary) -> Dictionary:
	var action: String = str(params.get("action", ""))
	if not ActionSetting.exists(action):
		return _missing(action)
	var value: Dictionary = ActionSetting.read(action)
	var index: int = _chosen_index(value["events"], params)
	if index < 0:
		return MCPToolkitError.fail(
			"NOT_FOUND",
			"Input action '%s' has no such event (it has %d)." % [action, value["events"].size()],
			"input_map_list shows each action's events; pass one of them as event, or its position as index."
		)
	var removed: Variant = value["events"].pop_at(index)
	var failed: Dictionary = ActionSetting.change(action, value, "Remove event from input action '%s'" % action)
	if not failed.is_empty():
		return failed
	var result: Dictionary = ActionSetting.describe(action)
	result["removed_event"] = EventCodec.to_json(removed)
	return MCPToolkitSuccess.ok(result)


static func _chosen_index(events: Array, params: Dictionary) -> int:
	if params.has("index"):
		var index: int = int(params["index"])
		return index if index >= 0 and index < events.size() else -1
	var built: Dictionary = EventCodec.from_json(params.get("event"))
	return ActionSetting.find_event(events, EventCodec.to_json(built["event"])) if built["ok"] else -1


static func _done(action: String, status: String) -> Dictionary:
	var result: Dictionary = ActionSetting.describe(action)
	result["status"] = status
	return MCPToolkitSuccess.ok(result)


static func _name_problem(action: String) -> String:
	if action == "":
		return "The action name is empty."
	for forbidden: String in FORBIDDEN_CHARS:
		if action.contains(forbidden):
			return "The action name '%s' may not contain any of %s." % [action, " ".join(FORBIDDEN_CHARS)]
	return ""


static func _missing(action: String) -> Dictionary:
	return MCPToolkitError.fail(
		"NOT_FOUND", "The project has no input action '%s'." % action, MCPToolkitError.hint_for_param("action")
	)


static func _bad_event(built: Dictionary) -> Dictionary:
	return MCPToolkitError.fail("INVALID_PARAMS", built["message"], "See the event shape in this tool's inputSchema.")


static func _options(description: String) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_group("input_map", GROUP_TEXT, KEYWORDS)
		. mark_scene_independent()
	)


static func _list_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"include_builtin": S.boolean("Also list the engine's built-in ui_* actions.", false),
				"offset": S.integer("Index of the first action to return.", 0, 0),
				"limit": S.integer("How many actions to return at most.", DEFAULT_LIMIT, 1),
			}
		)
	)
	var output: Dictionary = S.page("actions", "offset", {"actions": S.array(_action_schema())}, ["actions"])
	return (
		_options("List the project's input actions with their deadzone and bound events (keys, buttons, axes).")
		. with_input_schema(input)
		. with_output_schema(output)
		. mark_read_only()
		. mark_idempotent()
	)


static func _add_action_options() -> MCPToolkitCommandOptions:
	var deadzone: Dictionary = S.number("Analog threshold below which the action is not pressed (0..1).")
	deadzone["default"] = ActionSetting.DEFAULT_DEADZONE
	var input: Dictionary = (
		S
		. object(
			{
				"action": S.string("Name of the action, e.g. 'jump'."),
				"deadzone": deadzone,
				"events": S.array(_event_input_schema(), "Events to bind at once (more with input_map_add_event)."),
				"if_exists": S.if_exists(),
			},
			["action"]
		)
	)
	return (
		_options("Add an input action to the project (saved to project.godot), optionally with its events.")
		. with_input_schema(input)
		. with_output_schema(_status_schema())
	)


static func _remove_action_options() -> MCPToolkitCommandOptions:
	var output: Dictionary = _action_schema()
	output["properties"]["removed"] = S.boolean()
	return (
		_options("Remove one of the project's input actions and its events (built-in ui_* actions cannot go).")
		. with_input_schema(S.object({"action": S.string("Name of the action.")}, ["action"]))
		. with_output_schema(output)
		. mark_destructive()
	)


static func _add_event_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = S.object(
		{"action": S.string("Name of the action."), "event": _event_input_schema(), "if_exists": S.if_exists()},
		["action", "event"]
	)
	return (
		_options("Bind one more key, mouse button, joypad button or joypad axis direction to an input action.")
		. with_input_schema(input)
		. with_output_schema(_status_schema())
	)


static func _remove_event_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"action": S.string("Name of the action."),
				"event": _event_input_schema(),
				"index": S.integer("Position of the event in the action's list (instead of event).", null, 0),
			},
			["action"]
		)
	)
	var output: Dictionary = _action_schema()
	output["properties"]["removed_event"] = _event_output_schema()
	return (
		_options("Unbind one event from an input action, given as the same event shape or by its index.")
		. with_input_schema(input)
		. with_output_schema(output)
		. mark_destructive()
	)


static func _event_input_schema() -> Dictionary:
	var name_or_index: String = "A name (see below) or a numeric index."
	return (
		S
		. object(
			{
				"type": S.enum_of(EventCodec.TYPES, "What kind of input."),
				"key": S.string("type key: 'A', 'Space', 'Enter', 'Escape', 'Left', 'F1', or with modifiers 'Ctrl+S'."),
				"physical":
				S.boolean("type key: match the key's position on the keyboard (the editor's default).", true),
				"button":
				S.any(
					(
						"type mouse_button: %s. type joypad_button: %s. %s"
						% [
							", ".join(EventCodec.MOUSE_BUTTONS.keys()),
							", ".join(EventCodec.JOY_BUTTONS.keys()),
							name_or_index
						]
					)
				),
				"axis": S.any("type joypad_motion: %s. %s" % [", ".join(EventCodec.JOY_AXES.keys()), name_or_index]),
				"direction": S.integer("type joypad_motion: -1 or 1, the axis direction that triggers the action."),
				"double_click": S.boolean("type mouse_button: only a double click."),
				"ctrl": S.boolean(),
				"alt": S.boolean(),
				"shift": S.boolean(),
				"meta": S.boolean(),
				"device": S.integer("Device index; -1 (the default) means any device."),
			},
			["type"]
		)
	)


static func _event_output_schema() -> Dictionary:
	return S.object({"type": S.string()}, ["type"], true)


static func _action_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"action": S.string(),
				"deadzone": S.number(),
				"events":
				S.array(_event_output_schema(), "Bound events in the input shape (type 'other': not editable here)."),
				"builtin": S.boolean("An engine-defined ui_* action."),
			},
			["action", "deadzone", "events", "builtin"],
			true
		)
	)


static func _status_schema() -> Dictionary:
	var schema: Dictionary = _action_schema()
	schema["properties"]["status"] = S.create_status()
	schema["required"].append("status")
	return schema
