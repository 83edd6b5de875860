@tool
extends RefCounted
## classdb.* commands: the classes the engine (and the project's class_name scripts) offer, and
## their members.

const Glob := preload("res://addons/godot_live_mcp/shared/glob.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const TypeNames := preload("res://addons/godot_live_mcp/shared/type_names.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const Detail := preload("res://addons/godot_live_mcp/shared/detail.gd")
const ClassMembers := preload("res://addons/godot_live_mcp/authoring/class_members.gd")

const GROUP := "classdb"
## A name with its type (an argument, a property); as a field, a list of them.
const TYPED := {"@": "array", "name": "string", "type": "string: e.g. 'Vector2', 'Array[Node]' ('Variant': any)."}
const DEFAULT := "string: The default value as GDScript code; absent when the argument is required."
const CLASSES := [
	{"@": "array: Sorted by name.", "name!": "string", "base!": "string: Parent class ('' for Object)."},
	{"can_instantiate!": "boolean", "editor_only": "boolean", "path": "string: The script of a class_name class."},
	{"source!": "enum(engine|script): An engine class, or a project script's class_name."},
]
const NAMES := "array<string>: detail brief: names only."
const FROM := {"class": "string: full, with include_inherited: the class that declares it."}
const WITH_DEFAULT := {"default": "string: full: as GDScript code."}
## A method row; as a field, a list of them.
const METHODS := [
	{"@": "array: detail normal, full (full adds virtual ones, e.g. _ready).", "name!": "string", "returns": "string"},
	{"args": [TYPED, WITH_DEFAULT], "qualifiers": "array<string>: full: any of static, const, vararg, virtual."},
	FROM,
]
const DEFAULTS := {"marks": "read_only idempotent scene_independent"}
const COMMANDS := {
	"classdb.get_class":
	{
		"run": "get_class_info",
		"text":
		(
			"Describe an engine class: its inheritance chain, properties, signals and methods (own members"
			+ " only unless include_inherited), paged in that order to fit the detail level's cap. Use to check"
			+ " what a node type can do before writing code. CharacterBody3D with inherited members, once one"
			+ " 31k-character result: now pages of at most 8k (normal), or 10k of names in all (brief)."
		),
		"args":
		{
			"class_name!": "string: An engine class, e.g. 'CharacterBody2D'.",
			"include_inherited": "boolean=false: Also list members inherited from base classes, nearest first.",
			"detail":
			Detail.ARG % "brief: member names; normal: + types and signatures; full: + defaults, virtual methods",
			"offset": PageArgs.OFFSET % "member (properties, then signals, then methods)",
		},
		"returns":
		[
			{"@page": "members offset", "class_name!": "string", "can_instantiate": "boolean"},
			{"inherits!": "array<string>: Base classes, nearest first."},
			{"property_names": NAMES, "signal_names": NAMES, "method_names": NAMES, "methods": METHODS},
			{"properties": [TYPED, WITH_DEFAULT, FROM]},
			{"signals": [{"@": "array", "name": "string", "args": "array<string>: As 'name: Type'."}, FROM]},
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
			{"filter": "@glob: Only names containing this (case-insensitive); '*' and '?' make it a pattern."},
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
	var name: String = params.text("class_name")
	var level: String = params.text("detail")
	var inherited: bool = params.flag("include_inherited")
	var chain: Array[String] = [name]
	chain.append_array(_ancestors(StringName(name)))
	var kinds: Array[String] = []
	var members: Array = ClassMembers.listed(chain if inherited else chain.slice(0, 1), name, level, inherited, kinds)
	var offset: int = clampi(params.integer("offset"), 0, members.size())
	var page: Dictionary = Pagination.list_page(members, offset, maxi(members.size(), 1), "members", "members")
	page.merge({"class_name": name, "inherits": chain.slice(1), "can_instantiate": ClassDB.can_instantiate(name)})
	for kind: String in ClassMembers.KINDS:
		page[ClassMembers.field(kind, level)] = []
	page = Detail.fit(page, "members", offset, level, _narrower(level, inherited))
	var rows: Array = page["members"]
	page.erase("members")
	for i: int in rows.size():
		page[ClassMembers.field(kinds[offset + i], level)].append(rows[i])
	return Result.of(page)


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
		"args": ClassMembers.arguments(info.get("args", []), info.get("default_args", [])),
		"returns": TypeNames.of(info.get("return", {})),
		"is_static": flags & METHOD_FLAG_STATIC != 0,
		"is_vararg": flags & METHOD_FLAG_VARARG != 0,
		"is_virtual": flags & METHOD_FLAG_VIRTUAL != 0,
		"is_const": flags & METHOD_FLAG_CONST != 0,
	}


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
		return Glob.matches(lower_name, filter)
	return lower_name.contains(filter)


static func _ancestors(name: StringName) -> Array[String]:
	var chain: Array[String] = []
	var parent: StringName = ClassDB.get_parent_class(name)
	while parent != &"":
		chain.append(str(parent))
		parent = ClassDB.get_parent_class(parent)
	return chain


static func _narrower(level: String, inherited: bool) -> String:
	var ways: Array[String] = ["read one method with classdb_get_method"]
	if inherited:
		ways.push_front("leave include_inherited off")
	if level != "brief":
		ways.push_front("ask for detail = 'brief'")
	return ", or ".join(ways)
