@tool
extends RefCounted
## Reads the commands a module declares as data and adds them to a registry (export-clean).
##
## A module is a script with `const COMMANDS := {"<namespace>.<verb>": {...}}` and, optionally,
## `const GROUP := "<group>"` (a group of contract.json) and `const CHANNEL := "runtime"` for
## commands the running game answers. Each declaration holds:
## run (the handler's name; the verb after the "." when absent), text (the description), args and
## returns (schema shorthand, see schema_shorthand.gd), marks (any of contract.json "marks",
## space-separated; those without a flag in MARKS are rules the server applies), and optionally
## timeout_ms, guard and guard_user (parameters that must be res:// or user:// paths), side_doors
## (boolean parameters that, true, make a read-only command change the project: a read-only server
## refuses them), products ("width height": the most their product may be),
## hint (on success), group, keywords, min_godot and max_godot, and target (what the handler acts on,
## found first by the editor's targets: CommandTarget.wrap, see command_target.gd; the game has none).
## `const DEFAULTS := {...}` gives any of these keys to every command of the module that does not
## set it. Handlers take a CommandParams, then the CommandTarget when declared and a
## MCPToolkitToolContext when cancellable (which also reports progress), and return a Result.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const Shorthand := preload("res://addons/godot_live_mcp/contract/schema_shorthand.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const RUNTIME := "runtime"
## Each mark and the flag of MCPToolkitCommandOptions it sets.
const MARKS := {
	"read_only": "read_only",
	"destructive": "destructive",
	"idempotent": "idempotent",
	"cancellable": "cancellable",
	"scene_independent": "scene_independent",
	"exclusive": "exclusive_execution",
	"open_world": "open_world",
	"long_running": "long_running",
	"opens_scene": "opens_scene",
	"steps_history": "steps_history",
	"outside_undo": "outside_undo",
}


## Adds module's commands with handlers on target (the module itself for static handlers, or an
## instance bound to live state). describe_only publishes runtime commands whose calls the editor
## cannot answer (the server sends those to the game).
static func register_module(
	registry: CommandRegistry, module: Script, target: Object = null, describe_only: bool = false
) -> void:
	var record: Dictionary = record_of(module)
	record["describe_only"] = describe_only
	register_record(registry, record, _method_of.bind(target if target != null else module))


## What a module declares (its path and COMMANDS, DEFAULTS, GROUP, CHANNEL): plain data, cacheable.
static func record_of(module: Script) -> Dictionary:
	var constants: Dictionary = module.get_script_constant_map()
	var record: Dictionary = {"path": module.resource_path}
	for key: String in ["COMMANDS", "DEFAULTS", "GROUP", "CHANNEL"]:
		if constants.has(key):
			record[key] = constants[key]
	return record


## Adds a record's commands; handler_for(run, cancellable, targeted) gives the handler of each, which
## targets wraps when its declaration names a target (the handler then takes the target too; kept out
## of this export-clean file, finding a scene needs the editor). A record marked describe_only
## publishes runtime commands whose calls the editor cannot answer (the server sends those to the game).
static func register_record(
	registry: CommandRegistry, record: Dictionary, handler_for: Callable, targets := Callable()
) -> void:
	var describe_only: bool = record.get("describe_only", false)
	var commands: Dictionary = record.get("COMMANDS", {})
	var defaults: Dictionary = record.get("DEFAULTS", {})
	for name: String in commands:
		var spec: Dictionary = defaults.merged(commands[name], true)
		var options: MCPToolkitCommandOptions = options_for(
			spec, str(record.get("GROUP", "")), str(record.get("CHANNEL", "editor"))
		)
		var run: String = str(spec.get("run", name.get_slice(".", 1)))
		var target: String = str(spec.get("target", "")) if not describe_only else ""
		var handler: Callable = (
			_runtime_only.bind(name) if describe_only else handler_for.call(run, options.cancellable, target != "")
		)
		if target != "" and targets.is_valid():  # a reader that only describes passes none
			handler = targets.call(target, handler, name.get_slice(".", 1), options.cancellable)
		registry.add_declared(name, handler, options)


## The options a declaration describes (the same builder extensions use).
static func options_for(spec: Dictionary, default_group: String, channel: String) -> MCPToolkitCommandOptions:
	var options: MCPToolkitCommandOptions = (
		MCPToolkitCommandOptions
		. new()
		. with_description(str(spec.get("text", "")))
		. with_input_schema(Shorthand.input(spec.get("args", {})))
		. with_output_schema(Shorthand.output(spec.get("returns", {})))
		. with_timeout_ms(int(spec.get("timeout_ms", 0)))
		. with_success_hint(str(spec.get("hint", "")))
		. with_min_godot_version(str(spec.get("min_godot", "")))
		. with_max_godot_version(str(spec.get("max_godot", "")))
	)
	for mark: String in str(spec.get("marks", "")).split(" ", false):
		assert(ContractData.section("marks").has(mark), "godot_live_mcp: unknown mark '%s'" % mark)
		if MARKS.has(mark):
			options.set(MARKS[mark], true)
		else:
			options.server_marks.append(mark)
	options.side_door_params = PackedStringArray(spec.get("side_doors", []))
	for param: String in spec.get("guard", []):
		options.guard_project_path(param)
	for param: String in spec.get("guard_user", []):
		options.guard_user_path(param)
	var products: Dictionary = spec.get("products", {})
	for names: String in products:
		options.limit_product(names, int(products[names]))
	var group: String = str(spec.get("group", default_group))
	if group != "":
		var known: Dictionary = ContractData.group(group)
		options.with_group(group, str(known.get("description", "")), known.get("keywords", []))
		options.with_keywords(spec.get("keywords", []))
	options.channel = channel
	if channel == RUNTIME:
		options.mark_scene_independent()
	return options


static func _method_of(run: String, _cancellable: bool, _targeted: bool, target: Object) -> Callable:
	return Callable(target, run)


static func _runtime_only(_params: Variant, name: String) -> Result:
	return Result.fail(
		"RUNTIME_ONLY",
		"%s runs in the game, not in the editor." % name,
		"Call it through the MCP server, which sends it to the running game (start one with game_start)."
	)
