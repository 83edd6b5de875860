@tool
extends RefCounted
## One input action as the project stores it (project setting input/<action> holding
## {"deadzone", "events"}), read tolerantly and changed in one saved, undoable step that the
## editor's own InputMap follows.

const EventCodec := preload("res://addons/godot_live_mcp/contract/input_event_codec.gd")
const SettingChange := preload("res://addons/godot_live_mcp/authoring/setting_change.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const DEFAULT_DEADZONE := 0.2


static func key(action: String) -> String:
	return "input/" + action


static func exists(action: String) -> bool:
	return action != "" and ProjectSettings.has_setting(key(action))


## action when the project has it; else NOT_FOUND with the closest names.
static func require(action: String) -> Result:
	if exists(action):
		return Result.of(action)
	return Result.fail(
		"NOT_FOUND",
		"The project has no input action '%s'." % action,
		NameSuggestions.did_you_mean(action, names(true)) + MCPToolkitError.hint_for_param("action")
	)


## The actions the project declares, in project.godot's order; the engine's ui_* ones when builtin_too.
static func names(builtin_too: bool) -> Array[String]:
	var found: Array[String] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var setting: String = property["name"]
		var action: String = setting.trim_prefix("input/")
		if setting.begins_with("input/") and (builtin_too or not is_builtin(action)):
			found.append(action)
	return found


## Engine-defined actions (ui_*) have a default to revert to; the project's own do not.
static func is_builtin(action: String) -> bool:
	return ProjectSettings.property_get_revert(key(action)) != null


## The stored value as {"deadzone": float, "events": Array}, whatever a hand-edited file holds.
static func read(action: String) -> Dictionary:
	var raw: Variant = ProjectSettings.get_setting(key(action))
	var value: Dictionary = (raw as Dictionary).duplicate() if raw is Dictionary else {}
	value["events"] = (value["events"] as Array).duplicate() if value.get("events") is Array else []
	value["deadzone"] = float(value.get("deadzone", DEFAULT_DEADZONE))
	return value


## The action as tools report it: name, deadzone, events (JSON shapes), builtin.
static func describe(action: String) -> Dictionary:
	var value: Dictionary = read(action)
	var shapes: Array[Dictionary] = []
	for event: Variant in value["events"]:
		if event is InputEvent:
			shapes.append(EventCodec.to_json(event))
	return {"action": action, "deadzone": value["deadzone"], "events": shapes, "builtin": is_builtin(action)}


## The InputEvent a JSON shape describes, or INVALID_PARAMS saying what is wrong with it.
static func event_from(shape: Variant) -> Result:
	return EventCodec.from_json(shape)


## Index of the first event whose JSON shape equals shape, or -1.
static func find_event(events: Array, shape: Dictionary) -> int:
	for i: int in events.size():
		if events[i] is InputEvent and EventCodec.to_json(events[i]) == shape:
			return i
	return -1


## Applies value (null removes the action), saves project.godot and records "MCP: <what>" in the
## global history; on failure the old value is back.
static func change(action: String, value: Variant, what: String) -> Result:
	return SettingChange.apply(key(action), value, what, _follow)


static func _follow(setting: String, value: Variant) -> void:
	var action: String = setting.trim_prefix("input/")
	if not is_builtin(action):
		_mirror(action, value)


## The editor loads no project actions into its own InputMap; an action changed here is put there
## (or taken out) so @tool scripts see the change. Built-in ui_* actions are left alone: the
## editor's interface runs on its own copy of them.
static func _mirror(action: String, value: Variant) -> void:
	if InputMap.has_action(action):
		InputMap.erase_action(action)
	if value is Dictionary:
		InputMap.add_action(action, float((value as Dictionary).get("deadzone", DEFAULT_DEADZONE)))
		for event: Variant in (value as Dictionary).get("events", []):
			if event is InputEvent:
				InputMap.action_add_event(action, event)
