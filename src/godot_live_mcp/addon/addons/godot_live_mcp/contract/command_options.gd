@tool
class_name MCPToolkitCommandOptions
extends RefCounted
## Fluent description of a command: annotations, schema, timeout, group, hints and path guards.
## Every builder method returns self. Defaults are the safe ones: mutating, not destructive,
## not idempotent, scene-dependent.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

var description: String = ""
var input_schema: Dictionary = {"type": "object", "properties": {}}
var output_schema: Dictionary = {}
var read_only: bool = false
var destructive: bool = false
var idempotent: bool = false
var cancellable: bool = false
var scene_independent: bool = false
var exclusive_execution: bool = false
## Reaches past the project (arbitrary code: OS commands, any file, other instances' tokens); the server
## offers such a command only when started with --allow-execute.
var open_world: bool = false
## Can take long (waits, steps, imports): the server offers it as an MCP task.
var long_running: bool = false
## Its result's scene becomes the calling session's active scene (its unscoped edits go there).
var opens_scene: bool = false
## Without scene and history, it steps the history the calling session's last change landed in.
var steps_history: bool = false
## What it changes is not recorded in an undo history (saving, closing a scene): no batch holds it.
var outside_undo: bool = false
## Marks the server applies by rule (contract.json marks without a flag here, e.g. needs_display).
var server_marks: PackedStringArray = PackedStringArray()
## Boolean parameters that, when true, make a read-only command change the project.
var side_door_params: PackedStringArray = PackedStringArray()
var timeout_ms: int = ContractData.timeout_ms("default")
var min_godot_version: String = ""
var max_godot_version: String = ""
var success_hint: String = ""
var group_name: String = ""
var group_description: String = ""
var keywords: PackedStringArray = PackedStringArray()
var project_path_params: PackedStringArray = PackedStringArray()
var user_path_params: PackedStringArray = PackedStringArray()
## "width height" -> the most the product of those arguments may be (checked before the handler runs).
var argument_products: Dictionary = {}
## Where the command runs: "editor", or "runtime" for a command the running game answers (the
## editor only describes those; the server routes their calls to the game).
var channel: String = "editor"


func mark_read_only() -> MCPToolkitCommandOptions:
	read_only = true
	return self


func mark_destructive() -> MCPToolkitCommandOptions:
	destructive = true
	return self


func mark_idempotent() -> MCPToolkitCommandOptions:
	idempotent = true
	return self


func mark_cancellable() -> MCPToolkitCommandOptions:
	cancellable = true
	return self


func mark_scene_independent() -> MCPToolkitCommandOptions:
	scene_independent = true
	return self


func mark_exclusive_execution() -> MCPToolkitCommandOptions:
	exclusive_execution = true
	return self


func mark_open_world() -> MCPToolkitCommandOptions:
	open_world = true
	return self


func mark_long_running() -> MCPToolkitCommandOptions:
	long_running = true
	return self


func mark_opens_scene() -> MCPToolkitCommandOptions:
	opens_scene = true
	return self


func with_description(text: String) -> MCPToolkitCommandOptions:
	description = text
	return self


func with_input_schema(schema: Dictionary) -> MCPToolkitCommandOptions:
	input_schema = schema
	return self


## The JSON Schema of the success payload (without "success"); the server publishes it as outputSchema.
func with_output_schema(schema: Dictionary) -> MCPToolkitCommandOptions:
	output_schema = schema
	return self


## Zero or negative means the default; below the floor is raised to it; above the cap is cut with a warning
## (the contract's clamp, which the Python server applies too).
func with_timeout_ms(ms: int) -> MCPToolkitCommandOptions:
	timeout_ms = ContractData.clamp_timeout_ms(ms)
	if ms > timeout_ms:
		push_warning("godot_live_mcp: timeout %d ms is over the %d ms cap; using the cap" % [ms, timeout_ms])
	return self


func with_min_godot_version(version: String) -> MCPToolkitCommandOptions:
	min_godot_version = version
	return self


func with_max_godot_version(version: String) -> MCPToolkitCommandOptions:
	max_godot_version = version
	return self


func with_success_hint(text: String) -> MCPToolkitCommandOptions:
	success_hint = text
	return self


func with_group(name: String, group_text: String = "", words: Array = []) -> MCPToolkitCommandOptions:
	group_name = name
	group_description = group_text
	if not words.is_empty():
		with_keywords(words)
	return self


func with_keywords(words: Array) -> MCPToolkitCommandOptions:
	for word: Variant in words:
		keywords.append(str(word))
	return self


## Refuse, before the handler runs, a value of this parameter that is not a safe res:// path.
func guard_project_path(param: String) -> MCPToolkitCommandOptions:
	project_path_params.append(param)
	return self


## Refuse, before the handler runs, a value of this parameter that is not a safe user:// path.
func guard_user_path(param: String) -> MCPToolkitCommandOptions:
	user_path_params.append(param)
	return self


## Refuse, before the handler runs, arguments whose product is over most (names space-separated:
## "width height" bounds a rect's cells); the schema bounds each one alone.
func limit_product(names: String, most: int) -> MCPToolkitCommandOptions:
	argument_products[names] = most
	return self


## Read-only counts only when not also destructive (the contract's read-only rule).
func is_effectively_read_only() -> bool:
	return ContractData.counts_as_read_only({"read_only": read_only, "destructive": destructive})


## Mutating and exclusive commands run one at a time.
func needs_serialization() -> bool:
	return exclusive_execution or not is_effectively_read_only()


## The guarded arguments that name a file to read or write; "scene" names an open tab instead.
func file_params() -> Array:
	return Array(project_path_params + user_path_params).filter(func(name: String) -> bool: return name != "scene")


func to_dict() -> Dictionary:
	var result: Dictionary = {
		"description": description,
		"input_schema": input_schema,
		"annotations":
		{
			"read_only": is_effectively_read_only(),
			"destructive": destructive,
			"idempotent": idempotent,
			"cancellable": cancellable,
			"scene_independent": scene_independent,
			"exclusive": exclusive_execution,
			"open_world": open_world,
			"long_running": long_running,
			"opens_scene": opens_scene,
			"steps_history": steps_history,
			"outside_undo": outside_undo,
		},
		"timeout_ms": timeout_ms,
		"success_hint": success_hint,
		"channel": channel,
		"file_params": file_params(),
		"marks": Array(server_marks),
		"side_doors": Array(side_door_params),
	}
	if not output_schema.is_empty():
		result["output_schema"] = output_schema
	if group_name != "":
		result["group"] = {"name": group_name, "description": group_description, "keywords": Array(keywords)}
	return result
