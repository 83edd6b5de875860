@tool
extends RefCounted
## The classes a project can use: the engine's (ClassDB) and the project's own script classes
## (class_name), with their parents, so both can be listed and filtered by base class alike.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")

## ClassDB.APIType values of editor-only classes (API_EDITOR, API_EDITOR_EXTENSION).
const EDITOR_APIS: Array[int] = [1, 3]


## {"name", "base", "can_instantiate", "source": "engine"|"script", "editor_only", "path"?} of
## every known class, sorted by name.
static func all_classes() -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for name: String in ClassDB.get_class_list():
		(
			found
			. append(
				{
					"name": name,
					"base": str(ClassDB.get_parent_class(name)),
					"can_instantiate": ClassDB.can_instantiate(name),
					"source": "engine",
					"editor_only": _is_editor_only(name),
				}
			)
		)
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		(
			found
			. append(
				{
					"name": str(entry["class"]),
					"base": str(entry["base"]),
					"can_instantiate": not bool(entry.get("is_abstract", false)),
					"source": "script",
					"editor_only": false,
					"path": str(entry["path"]),
				}
			)
		)
	found.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return str(a["name"]) < str(b["name"]))
	return found


## name when it is an engine class (or, with scripts_too, a project class_name); else NOT_FOUND
## with the closest names.
static func require(name: String, scripts_too: bool = true) -> Result:
	if ClassDB.class_exists(name) or (scripts_too and script_class_path(name) != ""):
		return Result.of(name)
	return Result.fail(
		"NOT_FOUND",
		"No engine class%s is called '%s'." % [" or project class_name" if scripts_too else "", name],
		NameSuggestions.did_you_mean(name, Array(names(scripts_too))) + MCPToolkitError.hint_for_param("class_name")
	)


## The engine's class names, and with scripts_too the project's class_names.
static func names(scripts_too: bool = true) -> PackedStringArray:
	var found: PackedStringArray = ClassDB.get_class_list()
	if scripts_too:
		for entry: Dictionary in ProjectSettings.get_global_class_list():
			found.append(str(entry["class"]))
	return found


static func exists(name: String) -> bool:
	return ClassDB.class_exists(name) or script_class_path(name) != ""


## The script of a project class_name, or "" when name is not one.
static func script_class_path(name: String) -> String:
	return str(_script_class_entry(name).get("path", ""))


## The base the script of a project class_name declares (a class name), or "" when name is not one.
static func script_class_base(name: String) -> String:
	return str(_script_class_entry(name).get("base", ""))


## Whether name is base or inherits from it, through script classes down to engine classes.
static func inherits(name: String, base: String) -> bool:
	var current: String = name
	for _depth: int in 64:
		if current == base:
			return true
		if ClassDB.class_exists(current):
			return ClassDB.is_parent_class(current, base)
		current = script_class_base(current)
		if current == "":
			return false
	return false


static func _script_class_entry(name: String) -> Dictionary:
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if str(entry["class"]) == name:
			return entry
	return {}


## An editor class, one built on an editor class, or an editor-internal one (the editor files
## classes it registers late under the core API; no runtime class has "Editor" in its name).
## class_get_api_type is reached by name: older engines lack it.
static func _is_editor_only(name: String) -> bool:
	if name.contains("Editor") or not ClassDB.has_method(&"class_get_api_type"):
		return name.contains("Editor")
	var current: StringName = StringName(name)
	while current != &"":
		if int(ClassDB.call(&"class_get_api_type", current)) in EDITOR_APIS:
			return true
		current = ClassDB.get_parent_class(current)
	return false
