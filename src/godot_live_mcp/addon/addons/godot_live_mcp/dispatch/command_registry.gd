@tool
class_name MCPToolkitCommandRegistry
extends RefCounted
## The table every command lives in, built-in or extension, and the facade extensions are handed.
## add() validates and version-gates; call_command() guards paths, runs the handler and enforces
## the response envelope.

## Emitted after commands were added or removed; the server republishes its catalogue.
signal catalog_changed(version: int)

const CommandEntry := preload("res://addons/godot_live_mcp/dispatch/command_entry.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const VersionGate := preload("res://addons/godot_live_mcp/contract/version_gate.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const NAME_PATTERN := "^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)+$"
const BUILTIN := "builtin"

var catalog_version: int = 0
var _commands: Dictionary = {}  # name -> CommandEntry, in registration order
var _name_rule: RegEx = RegEx.create_from_string(NAME_PATTERN)
var _owner_for_adds: String = BUILTIN
var _reserved: PackedStringArray = ContractData.reserved_namespaces()


## Registers a command; false (with a logged reason) when the name is unusable or taken, when
## the running engine is outside the options' version range, or when an extension tries a reserved
## (built-in) namespace.
func add(method: String, handler: Callable, options: MCPToolkitCommandOptions = null) -> bool:
	var opts: MCPToolkitCommandOptions = options if options != null else MCPToolkitCommandOptions.new()
	var problem: String = _name_problem(method)
	if problem != "":
		push_error("godot_live_mcp: command '%s' refused: %s" % [method, problem])
		return false
	if _commands.has(method):
		push_warning("godot_live_mcp: command '%s' is already registered; the first one stays" % method)
		return false
	if not VersionGate.engine_within(opts.min_godot_version, opts.max_godot_version):
		return false
	if _owner_for_adds != BUILTIN and method.get_slice(".", 0) in _reserved:
		var extension: String = _owner_for_adds.trim_prefix("extension:")
		push_warning("godot_live_mcp: extension %s may not add '%s': that namespace is reserved" % [extension, method])
		return false
	if opts.read_only and opts.destructive:
		push_warning("godot_live_mcp: '%s' is marked read-only and destructive; treating it as mutating" % method)
	_commands[method] = CommandEntry.new(method, handler, opts, _owner_for_adds)
	_bump()
	return true


## Registers a command declared as data (Declarations): its handler takes a CommandParams and
## returns a Result. Same rules as add().
func add_declared(method: String, handler: Callable, options: MCPToolkitCommandOptions) -> bool:
	if not add(method, handler, options):
		return false
	(_commands[method] as CommandEntry).typed = true
	return true


func remove(method: String) -> bool:
	if not _commands.erase(method):
		return false
	_bump()
	return true


func has_command(method: String) -> bool:
	return _commands.has(method)


func get_options(method: String) -> MCPToolkitCommandOptions:
	var entry: CommandEntry = _commands.get(method)
	return entry.options if entry != null else null


func command_names() -> PackedStringArray:
	return PackedStringArray(_commands.keys())


## Every command as the wire catalogue describes it, in registration order.
func get_catalog() -> Array[Dictionary]:
	var entries: Array[Dictionary] = []
	for entry: CommandEntry in _commands.values():
		entries.append(entry.to_catalog_entry())
	return entries


## Runs a command and always returns a valid envelope, whatever the handler did.
func call_command(method: String, params: Dictionary, context: MCPToolkitToolContext = null) -> Dictionary:
	var entry: CommandEntry = _commands.get(method)
	if entry == null:
		return MCPToolkitError.fail("NOT_FOUND", "No command named '%s'." % method)
	var denied: Result = _guard_paths(entry.options, params)
	if denied.failed():
		return denied.to_envelope()
	var filled: CommandParams = CommandParams.with_defaults(params, entry.options.input_schema)
	var arguments: Variant = filled if entry.typed else filled.raw
	var result: Variant
	if entry.options.cancellable:
		var ctx: MCPToolkitToolContext = context if context != null else MCPToolkitToolContext.new()
		result = await entry.handler.call(arguments, ctx)
	else:
		result = await entry.handler.call(arguments)
	if result is Result:
		result = (result as Result).to_envelope()
	return _enforce_envelope(entry, result)


func create_options() -> MCPToolkitCommandOptions:
	return MCPToolkitCommandOptions.new()


func create_extension_options(description: String) -> MCPToolkitExtensionOptions:
	return MCPToolkitExtensionOptions.new(description)


func fail(code: String, message: String, hint: String = "") -> Dictionary:
	return MCPToolkitError.fail(code, message, hint)


func require(params: Dictionary, names: Array) -> Variant:
	return MCPToolkitError.require(params, names)


## Commands added until end_owner() are attributed to owner (e.g. "extension:PhysicsTools").
func begin_owner(owner: String) -> void:
	_owner_for_adds = owner


func end_owner() -> void:
	_owner_for_adds = BUILTIN


func _name_problem(method: String) -> String:
	if _name_rule.search(method) == null:
		return "a name is '<namespace>.<verb>' made of letters, digits, '_' and '-'"
	var max_length: int = ContractData.limit("max_tool_name_length")
	if method.length() > max_length:
		return "its published name would be %d characters; the limit is %d" % [method.length(), max_length]
	return ""


## PATH_DENIED for the first guarded parameter whose value is not a safe path, naming it. A mutating
## command's res:// paths must also be writable (not .godot/, not project.godot).
func _guard_paths(options: MCPToolkitCommandOptions, params: Dictionary) -> Result:
	var confine: Callable = PathGuard.project_path if options.read_only else PathGuard.writable_project_path
	var denied: Result = _first_denied(params, options.project_path_params, confine)
	return denied if denied.failed() else _first_denied(params, options.user_path_params, PathGuard.user_path)


func _first_denied(params: Dictionary, names: PackedStringArray, confine: Callable) -> Result:
	for param: String in names:
		var checked: Result = confine.call(params[param]) if params.has(param) else Result.of()
		if checked.failed():
			return checked.within(param)
	return Result.of()


func _enforce_envelope(entry: CommandEntry, result: Variant) -> Dictionary:
	if not result is Dictionary:
		push_error(
			(
				"godot_live_mcp: command '%s' returned %s instead of a Dictionary"
				% [entry.name, type_string(typeof(result))]
			)
		)
		return MCPToolkitError.fail("INTERNAL", "Command '%s' broke the response contract." % entry.name)
	var envelope: Dictionary = result
	if not envelope.has("success"):
		push_error("godot_live_mcp: command '%s' returned a Dictionary without 'success'" % entry.name)
		return MCPToolkitError.fail("INTERNAL", "Command '%s' broke the response contract." % entry.name)
	if envelope["success"]:
		envelope.erase("code")
		if entry.options.success_hint != "" and not envelope.has("hint"):
			envelope["hint"] = entry.options.success_hint
	else:
		envelope.erase("status")
	return envelope


func _bump() -> void:
	catalog_version += 1
	catalog_changed.emit(catalog_version)
