@tool
extends RefCounted
## The table every command lives in, built-in or extension (internal: an extension is handed the
## narrow MCPToolkitCommandRegistry view instead). add() validates and version-gates; call_command()
## guards paths, runs the handler and enforces the response envelope.

## Emitted after commands were added or removed; the server republishes its catalogue.
signal catalog_changed(version: int)

const CommandEntry := preload("res://addons/godot_live_mcp/dispatch/command_entry.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const VersionGate := preload("res://addons/godot_live_mcp/contract/version_gate.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ArgumentBounds := preload("res://addons/godot_live_mcp/dispatch/argument_bounds.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const NAME_PATTERN := "^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)+$"
const BUILTIN := "builtin"

var catalog_version: int = 0
var _commands: Dictionary = {}  # name -> CommandEntry, in registration order
var _name_rule: RegEx = RegEx.create_from_string(NAME_PATTERN)
var _sources: Dictionary = {}  # owner -> res:// path of the script whose commands it added
var _holds: int = 0
var _changed_while_held: bool = false


## Registers a command for owner ("builtin", or "extension:<Class>"); false (with a logged reason)
## when the name is unusable or taken, or when the running engine is outside the options' version
## range. Extensions reach it only through their MCPToolkitCommandRegistry view, which checks more.
func add(method: String, handler: Callable, options: MCPToolkitCommandOptions = null, owner: String = BUILTIN) -> bool:
	var opts: MCPToolkitCommandOptions = options if options != null else MCPToolkitCommandOptions.new()
	var problem: String = name_problem(method)
	if problem != "":
		push_error("godot_live_mcp: command '%s' refused: %s" % [method, problem])
		return false
	if _commands.has(method):
		push_warning("godot_live_mcp: command '%s' is already registered; the first one stays" % method)
		return false
	if not VersionGate.engine_within(opts.min_godot_version, opts.max_godot_version):
		return false
	if opts.read_only and opts.destructive:
		push_warning("godot_live_mcp: '%s' is marked read-only and destructive; treating it as mutating" % method)
	_commands[method] = CommandEntry.new(method, handler, opts, owner)
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


## Withdraws every command of owner; their names.
func remove_owned(owner: String) -> PackedStringArray:
	var removed: PackedStringArray = PackedStringArray()
	for entry: CommandEntry in _commands.values():
		if entry.owner == owner:
			removed.append(entry.name)
	for method: String in removed:
		remove(method)
	_sources.erase(owner)
	return removed


func has_command(method: String) -> bool:
	return _commands.has(method)


## Who registered method ("builtin", "extension:<Class>"), or "" when nobody did.
func owner_of(method: String) -> String:
	var entry: CommandEntry = _commands.get(method)
	return entry.owner if entry != null else ""


## The namespaces (the part before the first ".") the built-in commands use.
func builtin_namespaces() -> PackedStringArray:
	var found: PackedStringArray = PackedStringArray()
	for entry: CommandEntry in _commands.values():
		var space: String = entry.name.get_slice(".", 0)
		if entry.owner == BUILTIN and not space in found:
			found.append(space)
	return found


## The script owner's commands come from: once it is gone from disk, calling them answers
## EXTENSION_ERROR instead of running a handler whose code was deleted.
func set_source(owner: String, path: String) -> void:
	_sources[owner] = path


## Until the matching release_changes(), changes are gathered into one catalogue_changed signal.
func hold_changes() -> void:
	_holds += 1


func release_changes() -> void:
	_holds = maxi(_holds - 1, 0)
	if _holds == 0 and _changed_while_held:
		_changed_while_held = false
		catalog_changed.emit(catalog_version)


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
	var unloaded: Result = _unloaded(entry)
	if unloaded.failed():
		return unloaded.to_envelope()
	var denied: Result = _guard_paths(entry.options, params)
	if denied.succeeded():
		denied = ArgumentBounds.check(params, entry.options.input_schema, entry.options.argument_products)
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


## Why method may not be a command name, or "" when it may.
func name_problem(method: String) -> String:
	if _name_rule.search(method) == null:
		return "a name is '<namespace>.<action>' made of letters, digits, '_' and '-'"
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


## EXTENSION_ERROR when the extension behind entry was deleted or unloaded since it registered.
func _unloaded(entry: CommandEntry) -> Result:
	if entry.owner == BUILTIN:
		return Result.of()
	var source: String = str(_sources.get(entry.owner, ""))
	var gone: bool = source != "" and not FileAccess.file_exists(source)
	if not gone and entry.handler.is_valid():
		return Result.of()
	var what: String = "was deleted (%s is gone)" % source if gone else "is no longer loaded"
	return Result.fail(
		"EXTENSION_ERROR",
		"The extension %s behind '%s' %s." % [entry.owner.trim_prefix("extension:"), entry.name, what],
		"Call extensions_refresh to update the tool list, then extensions_list to see what is loaded."
	)


func _bump() -> void:
	catalog_version += 1
	if _holds > 0:
		_changed_while_held = true
		return
	catalog_changed.emit(catalog_version)
