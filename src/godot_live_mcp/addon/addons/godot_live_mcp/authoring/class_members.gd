@tool
extends RefCounted
## The members of an engine class as classdb.get_class pages them (export-clean): properties, then
## signals, then methods, each kind nearest class first; names at detail brief, rows at normal, and
## at full also defaults, virtual methods, qualifiers and the declaring class.

const TypeNames := preload("res://addons/godot_live_mcp/shared/type_names.gd")

## Each kind, in paging order, and the field its names go under at detail brief.
const KINDS := {"properties": "property_names", "signals": "signal_names", "methods": "method_names"}
## The method flags a full description names.
const QUALIFIERS := {
	"static": METHOD_FLAG_STATIC,
	"const": METHOD_FLAG_CONST,
	"vararg": METHOD_FLAG_VARARG,
	"virtual": METHOD_FLAG_VIRTUAL
}


## The field kind goes under at level.
static func field(kind: String, level: String) -> String:
	return KINDS[kind] if level == "brief" else kind


## Every member that the classes of owners declare, in paging order, as level shows it; the kind of
## each is appended to kinds. described: the class whose property defaults full gives; tagged: name
## the declaring class at full (several classes are listed).
static func listed(
	owners: Array[String], described: String, level: String, tagged: bool, kinds: Array[String]
) -> Array:
	var members: Array = []
	for kind: String in KINDS:
		for owner: String in owners:
			var rows: Array = _shown(_rows(kind, owner, described, level == "full"), owner, level, tagged)
			members.append_array(rows)
			for _row: int in rows.size():
				kinds.append(kind)
	return members


## {"name", "type"} of each argument, with "default" (as GDScript code) for the last defaults.size().
static func arguments(args: Array, defaults: Array = []) -> Array[Dictionary]:
	var described: Array[Dictionary] = []
	for i: int in args.size():
		var arg: Dictionary = {"name": str(args[i]["name"]), "type": TypeNames.of(args[i])}
		var default_index: int = i - (args.size() - defaults.size())
		if default_index >= 0:
			arg["default"] = var_to_str(defaults[default_index])
		described.append(arg)
	return described


static func _rows(kind: String, owner: String, described: String, full: bool) -> Array[Dictionary]:
	match kind:
		"properties":
			return _properties(owner, described if full else "")
		"signals":
			return _signals(owner)
	return _methods(owner, full)


static func _shown(rows: Array[Dictionary], owner: String, level: String, tagged: bool) -> Array:
	var shown: Array = []
	for row: Dictionary in rows:
		if level == "brief":
			shown.append(row["name"])
			continue
		if level == "full" and tagged:
			row["class"] = owner
		shown.append(row)
	return shown


## owner's own public methods; full: its virtual ones too, with argument defaults and qualifiers.
static func _methods(owner: String, full: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for method: Dictionary in ClassDB.class_get_method_list(owner, true):
		var flags: int = int(method.get("flags", METHOD_FLAG_NORMAL))
		if str(method["name"]).begins_with("_") and not (full and flags & METHOD_FLAG_VIRTUAL != 0):
			continue
		var defaults: Array = method.get("default_args", []) if full else []
		var row: Dictionary = {"name": str(method["name"]), "args": arguments(method["args"], defaults)}
		row["returns"] = TypeNames.of(method["return"])
		if full:
			var qualifiers: Array[String] = _qualifiers(flags)
			if not qualifiers.is_empty():
				row["qualifiers"] = qualifiers
		found.append(row)
	return found


static func _qualifiers(flags: int) -> Array[String]:
	var named: Array[String] = []
	for qualifier: String in QUALIFIERS:
		if flags & int(QUALIFIERS[qualifier]) != 0:
			named.append(qualifier)
	return named


## owner's own properties; with their defaults in defaults_of when that class can be instantiated.
static func _properties(owner: String, defaults_of: String) -> Array[Dictionary]:
	var with_defaults: bool = defaults_of != "" and ClassDB.can_instantiate(defaults_of)
	var found: Array[Dictionary] = []
	for property: Dictionary in ClassDB.class_get_property_list(owner, true):
		if int(property["usage"]) & (PROPERTY_USAGE_EDITOR | PROPERTY_USAGE_STORAGE) == 0:
			continue
		var row: Dictionary = {"name": str(property["name"]), "type": TypeNames.of(property)}
		if with_defaults:
			row["default"] = var_to_str(ClassDB.class_get_property_default_value(defaults_of, property["name"]))
		found.append(row)
	return found


static func _signals(owner: String) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for signal_info: Dictionary in ClassDB.class_get_signal_list(owner, true):
		found.append({"name": str(signal_info["name"]), "args": TypeNames.arguments(signal_info["args"])})
	return found
