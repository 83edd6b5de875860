@tool
extends RefCounted
## classdb.* commands: the classes the engine (and the project's class_name scripts) offer, and
## their members.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const TypeNames := preload("res://addons/godot_live_mcp/shared/type_names.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const GROUP := "classdb"
## A name with its type (an argument, a property); as a field, a list of them.
const TYPED := {"@": "array", "name": "string", "type": "string: e.g. 'Vector2', 'Array[Node]' ('Variant': any)."}
const DEFAULT := "string: The default value as GDScript code; absent when the argument is required."
const CLASSES := [
	{"@": "array: Sorted by name.", "name!": "string", "base!": "string: Parent class ('' for Object)."},
	{"can_instantiate!": "boolean", "editor_only": "boolean", "path": "string: The script of a class_name class."},
	{"source!": "enum(engine|script): An engine class, or a project script's class_name."},
]
const DEFAULTS := {"marks": "read_only idempotent scene_independent"}
const COMMANDS := {
	"classdb.get_class":
	{
		"run": "get_class_info",
		"text":
		(
			"Describe an engine class: its inheritance chain, methods, properties and signals (own members"
			+ " only unless include_inherited). Use to check what a node type can do before writing code."
		),
		"args":
		{
			"class_name!": "string: An engine class, e.g. 'CharacterBody2D'.",
			"include_inherited": "boolean=false: Also list members inherited from base classes.",
		},
		"returns":
		[
			{"class_name!": "string", "inherits!": "array<string>: Base classes, nearest first."},
			{"methods!": {"@": "array", "name!": "string", "args": TYPED, "returns": "string"}, "properties!": TYPED},
			{"signals!": {"@": "array", "name": "string", "args": "array<string>: Its arguments, as 'name: Type'."}},
			{"can_instantiate": "boolean"},
		],
	},
	"classdb.list_classes":
	{
		"text":
		(
			"List the classes available to the project (engine classes and the project's class_name"
			+ " scripts), filtered by name and by base class. Use to find the right node or resource type."
		),
		"args":
		[
			{"filter": "string: Only names containing this (case-insensitive); '*' and '?' make it a pattern."},
			{"base": "string: Only this class and those inheriting from it, e.g. 'Node2D' or 'Resource'."},
			{"instantiable_only": "boolean=false: Only classes that can be created (no abstract ones)."},
			{"include_editor_classes": "boolean=false: Also list editor-only classes (EditorPlugin, ...)."},
			{"offset": PageArgs.OFFSET % "class", "limit": PageArgs.LIMIT_200 % "classes"},
		],
		"returns": {"@page": "classes offset", "classes!": CLASSES},
	},
	"classdb.get_method":
	{
		"text": "Give one method's signature: arguments with their types and default values, and the return type.",
		"args":
		{
			"class_name!": "string: An engine class or a project class_name, e.g. 'Node2D'.",
			"method!": "string: Name of the method, e.g. 'look_at'.",
		},
		"returns":
		[
			{"class_name!": "string", "method!": "string", "defined_in": "string: The class that declares the method."},
			{"args!": {"@": "array", "name!": "string", "type!": "string", "default": DEFAULT}},
			{"returns!": "string", "is_static": "boolean", "is_vararg": "boolean", "is_const": "boolean"},
			{"is_virtual": "boolean: A callback the engine calls, meant to be overridden (e.g. _ready)."},
		],
	},
}


static func get_class_info(params: CommandParams) -> Result:
	var found: Result = ClassCatalog.require(params.text("class_name"), false)
	if found.failed():
		return found
	var name: StringName = StringName(params.text("class_name"))
	var own_only: bool = not params.flag("include_inherited")
	return (
		Result
		. of(
			{
				"class_name": str(name),
				"inherits": _ancestors(name),
				"can_instantiate": ClassDB.can_instantiate(name),
				"methods": _methods(name, own_only),
				"properties": _properties(name, own_only),
				"signals": _signals(name, own_only),
			}
		)
	)


static func list_classes(params: CommandParams) -> Result:
	var base: String = params.text("base")
	var found: Result = ClassCatalog.require(base) if base != "" else Result.of(base)
	if found.failed():
		return found
	var filter: String = params.text("filter").to_lower()
	var kept: Array[Dictionary] = []
	for entry: Dictionary in ClassCatalog.all_classes():
		if entry["editor_only"] and not params.flag("include_editor_classes"):
			continue
		if params.flag("instantiable_only") and not entry["can_instantiate"]:
			continue
		if filter != "" and not _name_matches(str(entry["name"]).to_lower(), filter):
			continue
		if base == "" or ClassCatalog.inherits(entry["name"], base):
			kept.append(entry)
	return Result.of(
		Pagination.list_page(kept, params.integer("offset"), params.integer("limit"), "classes", "classes")
	)


static func get_method(params: CommandParams) -> Result:
	var name: String = params.text("class_name")
	var method: String = params.text("method")
	var found: Result = ClassCatalog.require(name)
	if found.failed():
		return found
	var names: Array[String] = []
	for info: Dictionary in _method_list(name):
		if str(info["name"]) == method:
			return Result.of(_describe_method(name, info))
		names.append(str(info["name"]))
	return Result.fail(
		"NOT_FOUND",
		"%s has no method '%s'." % [name, method],
		NameSuggestions.did_you_mean(method, names) + "classdb_get_class lists every method."
	)


## Script classes: the script's own methods, then its engine base class's.
static func _method_list(name: String) -> Array[Dictionary]:
	var listed: Array[Dictionary] = []
	var path: String = ClassCatalog.script_class_path(name)
	if path == "":
		listed.assign(ClassDB.class_get_method_list(name, false))
		return listed
	var script: Script = load(path) as Script
	if script != null:
		listed.assign(script.get_script_method_list())
		listed.append_array(ClassDB.class_get_method_list(script.get_instance_base_type(), false))
	return listed


static func _describe_method(name: String, info: Dictionary) -> Dictionary:
	var flags: int = int(info.get("flags", METHOD_FLAG_NORMAL))
	return {
		"class_name": name,
		"method": str(info["name"]),
		"defined_in": _owner_of(name, str(info["name"])),
		"args": _arguments(info.get("args", []), info.get("default_args", [])),
		"returns": TypeNames.of(info.get("return", {})),
		"is_static": flags & METHOD_FLAG_STATIC != 0,
		"is_vararg": flags & METHOD_FLAG_VARARG != 0,
		"is_virtual": flags & METHOD_FLAG_VIRTUAL != 0,
		"is_const": flags & METHOD_FLAG_CONST != 0,
	}


## {"name", "type"} of each argument, with "default" (as GDScript code) for the last defaults.size().
static func _arguments(args: Array, defaults: Array = []) -> Array[Dictionary]:
	var described: Array[Dictionary] = []
	for i: int in args.size():
		var arg: Dictionary = {"name": str(args[i]["name"]), "type": TypeNames.of(args[i])}
		var default_index: int = i - (args.size() - defaults.size())
		if default_index >= 0:
			arg["default"] = var_to_str(defaults[default_index])
		described.append(arg)
	return described


## The class in name's chain that declares method (the script itself for script methods).
static func _owner_of(name: String, method: String) -> String:
	var current: StringName = StringName(name)
	if not ClassDB.class_exists(current):
		return name
	while current != &"" and not ClassDB.class_has_method(current, method, true):
		current = ClassDB.get_parent_class(current)
	return str(current) if current != &"" else name


static func _name_matches(lower_name: String, filter: String) -> bool:
	if filter.contains("*") or filter.contains("?"):
		return lower_name.match(filter)
	return lower_name.contains(filter)


static func _ancestors(name: StringName) -> Array[String]:
	var chain: Array[String] = []
	var parent: StringName = ClassDB.get_parent_class(name)
	while parent != &"":
		chain.append(str(parent))
		parent = ClassDB.get_parent_class(parent)
	return chain


static func _methods(name: StringName, own_only: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for method: Dictionary in ClassDB.class_get_method_list(name, own_only):
		var method_name: String = method["name"]
		if not method_name.begins_with("_"):
			var row: Dictionary = {"name": method_name, "args": _arguments(method["args"])}
			row["returns"] = TypeNames.of(method["return"])
			found.append(row)
	return found


static func _properties(name: StringName, own_only: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for property: Dictionary in ClassDB.class_get_property_list(name, own_only):
		if int(property["usage"]) & (PROPERTY_USAGE_EDITOR | PROPERTY_USAGE_STORAGE) != 0:
			found.append({"name": str(property["name"]), "type": TypeNames.of(property)})
	return found


static func _signals(name: StringName, own_only: bool) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for signal_info: Dictionary in ClassDB.class_get_signal_list(name, own_only):
		found.append({"name": str(signal_info["name"]), "args": TypeNames.arguments(signal_info["args"])})
	return found
