@tool
extends RefCounted
## project.get_setting / set_setting / list_settings: the project settings (project.godot). Values
## go in and out through the shared coercion table; a change is saved at once and undoable in the
## global history.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const ProjectSettingSchemas := preload("res://addons/godot_live_mcp/commands/project_setting_schemas.gd")
const SettingChange := preload("res://addons/godot_live_mcp/authoring/setting_change.gd")
## Settings with tools of their own, which check what this generic one cannot.
const OWN_TOOLS := {"input/": "input_map_add_action / input_map_add_event", "autoload/": "autoload_add"}
## Above this many characters of JSON, list_settings summarises a value instead of returning it.
const MAX_LISTED_VALUE_CHARS := 600


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("project.get_setting", get_setting, ProjectSettingSchemas.get_setting_options())
	registry.add("project.set_setting", set_setting, ProjectSettingSchemas.set_setting_options())
	registry.add("project.list_settings", list_settings, ProjectSettingSchemas.list_settings_options())


static func get_setting(params: Dictionary) -> Dictionary:
	var name: String = str(params.get("name", ""))
	if not ProjectSettings.has_setting(name):
		return _missing(name)
	return MCPToolkitSuccess.ok(_describe(name, true))


static func set_setting(params: Dictionary) -> Dictionary:
	var name: String = str(params.get("name", "")).strip_edges()
	var refused: Dictionary = _name_refusal(name)
	if not refused.is_empty():
		return refused
	var existed: bool = ProjectSettings.has_setting(name)
	var read: Dictionary = _coerced(name, params.get("value"), existed)
	if not read["ok"]:
		return MCPToolkitError.fail(read["code"], read["message"], read.get("hint", ""))
	var previous: Variant = Coercion.property_to_json(ProjectSettings, name) if existed else null
	var failed: Dictionary = SettingChange.apply(name, read["value"], "Set project setting '%s'" % name)
	if not failed.is_empty():
		return failed
	var result: Dictionary = _describe(name, false) if ProjectSettings.has_setting(name) else {"name": name}
	result.merge({"previous": previous, "created": not existed, "removed": not ProjectSettings.has_setting(name)})
	return MCPToolkitSuccess.ok(result)


static func list_settings(params: Dictionary) -> Dictionary:
	var prefix: String = str(params.get("prefix", ""))
	var changed_only: bool = bool(params.get("changed_only", false))
	var found: Array[Dictionary] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var name: String = property["name"]
		if not name.begins_with(prefix) or not name.contains("/"):
			continue
		if changed_only and _is_default(name):
			continue
		found.append(_listed(name, int(property.get("hint", PROPERTY_HINT_NONE))))
	found.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return str(a["name"]) < str(b["name"]))
	var offset: int = int(params.get("offset", 0))
	var limit: int = int(params.get("limit", ProjectSettingSchemas.DEFAULT_LIMIT))
	return MCPToolkitSuccess.ok(Pagination.list_page(found, offset, limit, "settings", "settings"))


## JSON for an existing setting is read as its declared type; a new setting takes any JSON, whole
## numbers as ints; null resets (see _reset_value).
static func _coerced(name: String, json: Variant, existed: bool) -> Dictionary:
	if json == null:
		return {"ok": true, "value": _reset_value(name) if existed else null}
	if existed:
		return Coercion.for_property(ProjectSettings, name, json)
	if json is float and is_finite(json) and float(json) == floorf(json) and absf(json) < 1e15:
		return {"ok": true, "value": int(json)}
	return Coercion.to_variant(json)


## An engine setting goes back to its default (leaving project.godot); a project's own one is removed.
static func _reset_value(name: String) -> Variant:
	return ProjectSettings.property_get_revert(name) if ProjectSettings.property_can_revert(name) else null


## hint: the setting's property hint when the caller has it (-1: look it up).
static func _describe(name: String, with_default: bool, hint: int = -1) -> Dictionary:
	var value: Variant = ProjectSettings.get_setting(name)
	var described: Dictionary = {
		"name": name,
		"value": Coercion.to_json(value, hint) if hint >= 0 else Coercion.property_to_json(ProjectSettings, name),
		"type": type_string(typeof(value)),
		"is_default": _is_default(name),
	}
	if with_default and ProjectSettings.property_can_revert(name):
		described["default"] = Coercion.to_json(ProjectSettings.property_get_revert(name))
	return described


static func _listed(name: String, hint: int) -> Dictionary:
	var entry: Dictionary = _describe(name, false, hint)
	var text: String = JSON.stringify(entry["value"])
	if text.length() > MAX_LISTED_VALUE_CHARS:
		entry.erase("value")
		entry["value_omitted"] = "%d characters of JSON; read it with project_get_setting." % text.length()
	return entry


## A project's own setting has no default, so it is never "default".
static func _is_default(name: String) -> bool:
	if not ProjectSettings.property_can_revert(name):
		return false
	var current: Variant = ProjectSettings.get_setting(name)
	var initial: Variant = ProjectSettings.property_get_revert(name)
	return typeof(current) == typeof(initial) and current == initial


static func _name_refusal(name: String) -> Dictionary:
	if name == "" or not name.contains("/") or name.begins_with("/") or name.ends_with("/") or name.contains(" "):
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"'%s' is not a setting name; names look like 'section/key', e.g. 'application/config/name'." % name,
			"project_list_settings shows the existing settings."
		)
	for prefix: String in OWN_TOOLS:
		if name.begins_with(prefix):
			return MCPToolkitError.fail(
				"INVALID_OPERATION",
				"'%s' is managed by its own tools, which check what a raw setting cannot." % name,
				"Use %s instead." % OWN_TOOLS[prefix]
			)
	return {}


static func _missing(name: String) -> Dictionary:
	return MCPToolkitError.fail(
		"NOT_FOUND",
		"The project has no setting '%s'." % name,
		"project_list_settings with a prefix (e.g. 'application/') shows the existing settings."
	)
