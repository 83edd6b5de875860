@tool
extends RefCounted
## A node's properties as results carry them: the inspector's list, each value turned into JSON by
## the shared coercion table. A value that cannot be read is reported instead of failing the whole
## read, and a huge value (tile data, meshes) is summarised so one property cannot swamp a result.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const WireNumbers := preload("res://addons/godot_live_mcp/contract/wire_numbers.gd")

## Above this many characters of JSON a value is summarised (type and size) instead of returned.
const MAX_VALUE_CHARS := 4000
const SECTION_USAGE := PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP
const UNREPRESENTABLE: Array[int] = [TYPE_CALLABLE, TYPE_SIGNAL, TYPE_RID]

const HINT_NAMES: Dictionary = {
	PROPERTY_HINT_NONE: "none",
	PROPERTY_HINT_RANGE: "range",
	PROPERTY_HINT_ENUM: "enum",
	PROPERTY_HINT_ENUM_SUGGESTION: "enum_suggestion",
	PROPERTY_HINT_EXP_EASING: "exp_easing",
	PROPERTY_HINT_LINK: "link",
	PROPERTY_HINT_FLAGS: "flags",
	PROPERTY_HINT_LAYERS_2D_RENDER: "layers_2d_render",
	PROPERTY_HINT_LAYERS_2D_PHYSICS: "layers_2d_physics",
	PROPERTY_HINT_LAYERS_2D_NAVIGATION: "layers_2d_navigation",
	PROPERTY_HINT_LAYERS_3D_RENDER: "layers_3d_render",
	PROPERTY_HINT_LAYERS_3D_PHYSICS: "layers_3d_physics",
	PROPERTY_HINT_LAYERS_3D_NAVIGATION: "layers_3d_navigation",
	PROPERTY_HINT_LAYERS_AVOIDANCE: "layers_avoidance",
	PROPERTY_HINT_FILE: "file",
	PROPERTY_HINT_DIR: "dir",
	PROPERTY_HINT_RESOURCE_TYPE: "resource_type",
	PROPERTY_HINT_MULTILINE_TEXT: "multiline_text",
	PROPERTY_HINT_EXPRESSION: "expression",
	PROPERTY_HINT_PLACEHOLDER_TEXT: "placeholder_text",
	PROPERTY_HINT_COLOR_NO_ALPHA: "color_no_alpha",
	PROPERTY_HINT_TYPE_STRING: "type_string",
	PROPERTY_HINT_NODE_PATH_VALID_TYPES: "node_path_valid_types",
	PROPERTY_HINT_ARRAY_TYPE: "array_type",
	PROPERTY_HINT_DICTIONARY_TYPE: "dictionary_type",
	PROPERTY_HINT_LOCALE_ID: "locale_id",
	PROPERTY_HINT_NODE_TYPE: "node_type",
	PROPERTY_HINT_PASSWORD: "password",
	PROPERTY_HINT_TOOL_BUTTON: "tool_button",
	PROPERTY_HINT_ONESHOT: "oneshot",
	PROPERTY_HINT_INPUT_NAME: "input_name",
	PROPERTY_HINT_FILE_PATH: "file_path",
}

const USAGE_NAMES: Dictionary = {
	PROPERTY_USAGE_STORAGE: "storage",
	PROPERTY_USAGE_EDITOR: "editor",
	PROPERTY_USAGE_INTERNAL: "internal",
	PROPERTY_USAGE_SCRIPT_VARIABLE: "script_variable",
	PROPERTY_USAGE_READ_ONLY: "read_only",
	PROPERTY_USAGE_ARRAY: "array",
	PROPERTY_USAGE_SECRET: "secret",
}


## The inspector's properties of target (no category or group headers), in inspector order.
static func listed(target: Object) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for info: Dictionary in target.get_property_list():
		var usage: int = int(info["usage"])
		if usage & PROPERTY_USAGE_EDITOR != 0 and usage & SECTION_USAGE == 0:
			found.append(info)
	return found


## The property-list entry of name on target, or NOT_FOUND with the closest property names.
static func find(target: Object, name: String) -> Result:
	for info: Dictionary in target.get_property_list():
		if str(info["name"]) == name and int(info["usage"]) & SECTION_USAGE == 0:
			return Result.of(info)
	return Result.fail(
		"NOT_FOUND",
		"%s has no property '%s'." % [describe(target), name],
		suggest(target, name) + MCPToolkitError.hint_for_param("property")
	)


## "Did you mean 'position'? " when target has properties named like name, else "".
static func suggest(target: Object, name: String) -> String:
	var names: Array[String] = []
	for info: Dictionary in target.get_property_list():
		if int(info["usage"]) & SECTION_USAGE == 0:
			names.append(str(info["name"]))
	return NameSuggestions.did_you_mean(name, names)


## "Sprite2D 'Art'" for a node, the class alone for any other object.
static func describe(target: Object) -> String:
	var node: Node = target as Node
	return "%s '%s'" % [target.get_class(), node.name] if node != null else target.get_class()


## {"value": json} for the current value, or {"unreadable": reason} / {"omitted": summary}. Strings
## in the value are project content, scrubbed of secrets.
static func read(target: Object, info: Dictionary) -> Dictionary:
	if int(info["usage"]) & PROPERTY_USAGE_SECRET != 0:
		return {"unreadable": "marked secret"}
	return json_of(target.get(str(info["name"])), info)


## The JSON form of value for a property described by info, guarded and scrubbed like read().
static func json_of(value: Variant, info: Dictionary) -> Dictionary:
	if typeof(value) in UNREPRESENTABLE:
		return {"unreadable": "a %s has no JSON form" % type_string(typeof(value))}
	var json: Variant = Coercion.to_json(
		value, int(info.get("hint", PROPERTY_HINT_NONE)), str(info.get("hint_string", ""))
	)
	var size: int = WireNumbers.json_text(json).length()
	if size > MAX_VALUE_CHARS:
		return {"omitted": {"type": type_string(typeof(value)), "json_chars": size, "reason": "too large to include"}}
	return {"value": Scrubber.scrub_value(json)}


static func hint_name(info: Dictionary) -> String:
	return str(HINT_NAMES.get(int(info.get("hint", 0)), "other"))


static func usage_names(info: Dictionary) -> Array[String]:
	var names: Array[String] = []
	var usage: int = int(info.get("usage", 0))
	for flag: int in USAGE_NAMES:
		if usage & flag != 0:
			names.append(str(USAGE_NAMES[flag]))
	return names


## The value a property has when nobody set it (the script's or the class's default); null if unknown.
static func default_of(target: Object, name: String) -> Variant:
	var script: Script = target.get_script() as Script
	if script != null:
		var from_script: Variant = script.get_property_default_value(name)
		if from_script != null:
			return from_script
	return ClassDB.class_get_property_default_value(target.get_class(), name)


## Whether target's property still holds its default value.
static func is_default(target: Object, name: String) -> bool:
	var current: Variant = target.get(name)
	var initial: Variant = default_of(target, name)
	return typeof(current) == typeof(initial) and current == initial
