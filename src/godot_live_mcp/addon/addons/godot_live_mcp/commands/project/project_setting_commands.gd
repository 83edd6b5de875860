@tool
extends RefCounted
## project.get_setting / set_setting / list_settings: the project settings (project.godot). Values
## go in and out through the shared coercion table; a change is saved at once and undoable in the
## global history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const WireNumbers := preload("res://addons/godot_live_mcp/contract/wire_numbers.gd")
const SettingChange := preload("res://addons/godot_live_mcp/authoring/setting_change.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
## Settings with tools of their own, which check what this generic one cannot.
const OWN_TOOLS := {"input/": "input_map_add_action / input_map_add_event", "autoload/": "autoload_add"}
## Settings that widen what the tools may touch: a person sets them in the editor, never a tool.
const PERSON_ONLY: Array[String] = ["godot_live_mcp/security/", "godot_live_mcp/assets/", "godot_live_mcp/export/"]
## Above this many characters of JSON, list_settings summarises a value instead of returning it.
const MAX_LISTED_VALUE_CHARS := 600

const GROUP := "project"
## The fields a setting is described by.
const SETTING := {
	"name": "string",
	"value": 'any: The value as typed JSON (engine types tagged, e.g. {"type": "Vector2i", "x": 1, "y": 2}).',
	"type": "string: The Godot type of the value, e.g. 'String', 'Vector2i'.",
	"is_default": "boolean: Equal to the engine's default (so not written in project.godot).",
}
const NEW_VALUE := (
	"any: The new value, read as the setting's type ({'type': 'Vector2', ...} tags for engine types)."
	+ " A new setting keeps the JSON type (whole numbers become ints). null resets an engine"
	+ " setting to its default and removes a project's own setting."
)
const SETTINGS := [
	{"@": "array: Sorted by name.", "name!": SETTING["name"], "value": SETTING["value"], "type!": SETTING["type"]},
	{"is_default!": SETTING["is_default"], "value_omitted": "string: Why value is missing: too large to list."},
]
const DEFAULTS := {"marks": "read_only idempotent scene_independent"}
const COMMANDS := {
	"project.get_setting":
	{
		"text": "Read one project setting: its value (typed JSON, engine types tagged), type and default.",
		"args": {"name!": "string: Setting name, e.g. 'display/window/size/viewport_width'."},
		"returns":
		[
			{"name!": SETTING["name"], "value!": SETTING["value"]},
			{"type!": SETTING["type"], "is_default!": SETTING["is_default"]},
			{"default": "any: The engine's default (absent for the project's own settings)."},
		],
	},
	"project.set_setting":
	{
		"text":
		(
			"Change (or create) a project setting and save project.godot; undoable with editor_undo"
			+ " history='global'. Input actions and autoloads have tools of their own."
		),
		"args":
		{
			"name!": "string: Setting name, e.g. 'application/run/main_scene'; a new name creates the setting.",
			"value!": NEW_VALUE,
		},
		"returns":
		[
			SETTING,
			{"name!": SETTING["name"], "previous!": "any: The value before (null when the setting did not exist)."},
			{"created!": "boolean: The setting did not exist before."},
			{"removed!": "boolean: The setting no longer exists (a project setting set to null)."},
		],
		"marks": "idempotent scene_independent",
	},
	"project.list_settings":
	{
		"text": "List project settings by name prefix, with their values and whether they differ from the default.",
		"args":
		{
			"prefix": "string: Only settings whose name starts with this, e.g. 'display/window/'.",
			"changed_only":
			"boolean=false: Only settings that differ from the engine default (what project.godot holds).",
			"offset": PageArgs.OFFSET % "setting",
			"limit": PageArgs.LIMIT_100 % "settings",
		},
		"returns": {"@page": "settings offset", "settings!": SETTINGS},
	},
}


static func get_setting(params: CommandParams) -> Result:
	var name: String = params.text("name")
	if not ProjectSettings.has_setting(name):
		return _missing(name)
	return Result.of(_describe(name, true))


static func set_setting(params: CommandParams) -> Result:
	var name: String = params.text("name").strip_edges()
	var settable: Result = _settable(name)
	if settable.failed():
		return settable
	var existed: bool = ProjectSettings.has_setting(name)
	var value: Result = _coerced(name, params.value("value"), existed)
	if value.failed():
		return Result.fail(
			value.code,
			value.message,
			"project_get_setting shows the setting's type and value as JSON, in the shape it is set with."
		)
	var previous: Variant = _value_json(name, -1) if existed else null
	var written: Result = SettingChange.apply(name, value.value, "Set project setting '%s'" % name)
	if written.failed():
		return written
	var result: Dictionary = _describe(name, false) if ProjectSettings.has_setting(name) else {"name": name}
	result.merge({"previous": previous, "created": not existed, "removed": not ProjectSettings.has_setting(name)})
	return Result.of(result)


static func list_settings(params: CommandParams) -> Result:
	var prefix: String = params.text("prefix")
	var found: Array[Dictionary] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var name: String = property["name"]
		if not name.begins_with(prefix) or not name.contains("/"):
			continue
		if params.flag("changed_only") and _is_default(name):
			continue
		found.append(_listed(name, int(property.get("hint", PROPERTY_HINT_NONE))))
	found.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return str(a["name"]) < str(b["name"]))
	return Result.of(
		Pagination.list_page(found, params.integer("offset"), params.integer("limit"), "settings", "settings")
	)


## JSON for an existing setting is read as its declared type; a new setting takes any JSON, whole
## numbers as ints; null resets (see _reset_value).
static func _coerced(name: String, json: Variant, existed: bool) -> Result:
	if json == null:
		return Result.of(_reset_value(name) if existed else null)
	if existed:
		return Coercion.property_from_json(ProjectSettings, name, json)
	if json is float and is_finite(json) and float(json) == floorf(json) and absf(json) < 1e15:
		return Result.of(int(json))
	return Coercion.from_json(json)


## An engine setting goes back to its default (leaving project.godot); a project's own one is removed.
static func _reset_value(name: String) -> Variant:
	return ProjectSettings.property_get_revert(name) if ProjectSettings.property_can_revert(name) else null


## hint: the setting's property hint when the caller has it (-1: look it up). Names and values come
## from the project: values and names are scrubbed of secrets.
static func _describe(name: String, with_default: bool, hint: int = -1) -> Dictionary:
	var value: Variant = ProjectSettings.get_setting(name)
	var described: Dictionary = {
		"name": Scrubber.scrub(name),
		"value": _value_json(name, hint),
		"type": type_string(typeof(value)),
		"is_default": _is_default(name),
	}
	if with_default and ProjectSettings.property_can_revert(name):
		described["default"] = Coercion.to_json(ProjectSettings.property_get_revert(name))
	return described


## The setting's value as typed JSON, its strings scrubbed of secrets.
static func _value_json(name: String, hint: int) -> Variant:
	var json: Variant = (
		Coercion.to_json(ProjectSettings.get_setting(name), hint)
		if hint >= 0
		else Coercion.property_to_json(ProjectSettings, name)
	)
	return Scrubber.scrub_value(json)


static func _listed(name: String, hint: int) -> Dictionary:
	var entry: Dictionary = _describe(name, false, hint)
	var text: String = WireNumbers.json_text(entry["value"])
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


## name when a tool may set it: shaped 'section/key' and not one with tools of its own.
static func _settable(name: String) -> Result:
	if name == "" or not name.contains("/") or name.begins_with("/") or name.ends_with("/") or name.contains(" "):
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' is not a setting name; names look like 'section/key', e.g. 'application/config/name'." % name,
			"project_list_settings shows the existing settings."
		)
	for prefix: String in PERSON_ONLY:
		if name.begins_with(prefix):
			return Result.fail(
				"PERMISSION_DENIED",
				"'%s' decides what the tools may reach; only a person may change it." % name,
				"Ask the user to set it in Project > Project Settings (Advanced Settings on)."
			)
	for prefix: String in OWN_TOOLS:
		if name.begins_with(prefix):
			return Result.fail(
				"INVALID_OPERATION",
				"'%s' is managed by its own tools, which check what a raw setting cannot." % name,
				"Use %s instead." % OWN_TOOLS[prefix]
			)
	return Result.of(name)


static func _missing(name: String) -> Result:
	var names: Array[String] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		if str(property["name"]).contains("/"):
			names.append(str(property["name"]))
	return Result.fail(
		"NOT_FOUND",
		"The project has no setting '%s'." % name,
		(
			NameSuggestions.did_you_mean(name, names)
			+ "project_list_settings with a prefix (e.g. 'application/') shows the existing settings."
		)
	)
