@tool
extends RefCounted
## The published descriptions and schemas of the classdb.* commands.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const GROUP_TEXT := "The engine's class reference: classes, their methods, properties and signals."
const KEYWORDS: Array[String] = ["class", "api", "reference", "method", "docs"]
const DEFAULT_LIMIT := 200


static func get_class_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"class_name": S.string("An engine class, e.g. 'CharacterBody2D'."),
				"include_inherited": S.boolean("Also list members inherited from base classes.", false),
			},
			["class_name"]
		)
	)
	return (
		_options(
			(
				"Describe an engine class: its inheritance chain, methods, properties and signals (own members"
				+ " only unless include_inherited). Use to check what a node type can do before writing code."
			)
		)
		. with_input_schema(input)
		. with_output_schema(_class_schema())
	)


static func list_classes_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"filter": S.string("Only names containing this (case-insensitive); '*' and '?' make it a pattern."),
				"base": S.string("Only this class and those inheriting from it, e.g. 'Node2D' or 'Resource'."),
				"instantiable_only": S.boolean("Only classes that can be created (no abstract ones).", false),
				"include_editor_classes": S.boolean("Also list editor-only classes (EditorPlugin, ...).", false),
				"offset": S.integer("Index of the first class to return.", 0, 0),
				"limit": S.integer("How many classes to return at most.", DEFAULT_LIMIT, 1),
			}
		)
	)
	var entry: Dictionary = (
		S
		. object(
			{
				"name": S.string(),
				"base": S.string("Parent class ('' for Object)."),
				"can_instantiate": S.boolean(),
				"source": S.enum_of(["engine", "script"], "An engine class, or a project script's class_name."),
				"editor_only": S.boolean(),
				"path": S.string("The script of a class_name class."),
			},
			["name", "base", "can_instantiate", "source"],
			true
		)
	)
	var output: Dictionary = S.page("classes", "offset", {"classes": S.array(entry, "Sorted by name.")}, ["classes"])
	return (
		_options(
			(
				"List the classes available to the project (engine classes and the project's class_name"
				+ " scripts), filtered by name and by base class. Use to find the right node or resource type."
			)
		)
		. with_input_schema(input)
		. with_output_schema(output)
	)


static func get_method_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"class_name": S.string("An engine class or a project class_name, e.g. 'Node2D'."),
				"method": S.string("Name of the method, e.g. 'look_at'."),
			},
			["class_name", "method"]
		)
	)
	var arg: Dictionary = (
		S
		. object(
			{
				"name": S.string(),
				"type": S.string(),
				"default": S.string("The default value as GDScript code; absent when the argument is required."),
			},
			["name", "type"],
			true
		)
	)
	var output: Dictionary = (
		S
		. object(
			{
				"class_name": S.string(),
				"method": S.string(),
				"defined_in": S.string("The class that declares the method."),
				"args": S.array(arg),
				"returns": S.string(),
				"is_static": S.boolean(),
				"is_vararg": S.boolean(),
				"is_virtual": S.boolean("A callback the engine calls, meant to be overridden (e.g. _ready)."),
				"is_const": S.boolean(),
			},
			["class_name", "method", "args", "returns"],
			true
		)
	)
	return (
		_options("Give one method's signature: arguments with their types and default values, and the return type.")
		. with_input_schema(input)
		. with_output_schema(output)
	)


static func _options(description: String) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_group("classdb", GROUP_TEXT, KEYWORDS)
		. mark_read_only()
		. mark_idempotent()
		. mark_scene_independent()
	)


static func _class_schema() -> Dictionary:
	var method: Dictionary = (
		S
		. object(
			{
				"name": S.string(),
				"args": S.array(S.object({"name": S.string(), "type": S.string()}, [], true)),
				"returns": S.string(),
			},
			["name"],
			true
		)
	)
	return (
		S
		. object(
			{
				"class_name": S.string(),
				"inherits": S.array(S.string(), "Base classes, nearest first."),
				"can_instantiate": S.boolean(),
				"methods": S.array(method),
				"properties": S.array(S.object({"name": S.string(), "type": S.string()}, [], true)),
				"signals": S.array(S.object({"name": S.string(), "args": S.array(S.string())}, [], true)),
			},
			["class_name", "inherits", "methods", "properties", "signals"],
			true
		)
	)
