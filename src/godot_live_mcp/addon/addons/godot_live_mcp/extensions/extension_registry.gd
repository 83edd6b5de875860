@tool
class_name MCPToolkitCommandRegistry
extends RefCounted
## What an extension's register(registry, server) receives: adds the extension's own commands to the
## editor's command table, under the rules every extension is held to, and offers as plain methods
## what a C# extension cannot reach as GDScript statics (options, undo, saving, errors). It cannot
## remove or replace a command, and its commands always run in the editor.

const CommandTable := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const ExtensionRecord := preload("res://addons/godot_live_mcp/extensions/extension_record.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const EDITOR_CHANNEL := "editor"

var _table: CommandTable
var _record: ExtensionRecord
var _reserved: PackedStringArray


func _init(table: CommandTable, record: ExtensionRecord) -> void:
	_table = table
	_record = record
	_reserved = ContractData.reserved_namespaces()
	_reserved.append_array(table.builtin_namespaces())


## Adds the command "namespace.action", run by handler(params) (handler(params, context) when the
## options are cancellable). False, with a warning naming the extension, when the name breaks the
## naming rules, lies in a built-in namespace or is taken (the first registration stays), or when the
## handler takes the wrong number of arguments; false without one outside the options' Godot versions.
func add(method: String, handler: Callable, options: MCPToolkitCommandOptions = null) -> bool:
	var opts: MCPToolkitCommandOptions = options if options != null else MCPToolkitCommandOptions.new()
	var refusal: Result = _refusal(method, handler, opts)
	if refusal.failed():
		_record.refuse(method, refusal.code, refusal.message)
		push_warning("godot_live_mcp: extension %s: '%s' refused: %s" % [_record.name, method, refusal.message])
		return false
	_share_group(opts)
	if not _table.add(method, handler, opts, _record.owner()):
		return false
	_record.commands.append(method)
	return true


func create_options() -> MCPToolkitCommandOptions:
	return MCPToolkitCommandOptions.new()


func create_extension_options(description: String) -> MCPToolkitExtensionOptions:
	return MCPToolkitExtensionOptions.new(description)


## An undo action for a C# handler (GDScript calls MCPToolkitUndoRedoAction.begin itself).
func create_undo_action(action_name: String, context: Object = null) -> MCPToolkitUndoRedoAction:
	return MCPToolkitUndoRedoAction.begin(action_name, context)


## Saves the scene at path ("" = the active one) after the handler returns; poll with check_save(id).
func queue_save(path: String = "") -> String:
	return MCPToolkitSafeSceneOps.queue_save(path)


func check_save(id: String, clear: bool = false) -> Dictionary:
	return MCPToolkitSafeSceneOps.check_save(id, clear)


func fail(code: String, message: String, hint: String = "") -> Dictionary:
	return MCPToolkitError.fail(code, message, hint)


func require(params: Dictionary, names: Array) -> Variant:
	return MCPToolkitError.require(params, names)


## Runs any registered command (yours, another extension's or a built-in) and returns its envelope;
## await it. It skips the queue and the scene lease: the calling command holds them already.
func call_command(method: String, params: Dictionary = {}) -> Dictionary:
	return await _table.call_command(method, params)


func _refusal(method: String, handler: Callable, options: MCPToolkitCommandOptions) -> Result:
	if not _record.loaded:
		return Result.fail("EXTENSION_ERROR", "the extension is no longer loaded")
	var problem: String = _table.name_problem(method)
	if problem == "" and method.count(".") != 1:
		problem = "a name is '<namespace>.<action>' with exactly one '.'"
	if problem != "":
		return Result.fail("NAME_INVALID", problem)
	var holder: String = _table.owner_of(method)
	if holder != "":
		return Result.fail("DUPLICATE_COMMAND", "%s, and the first registration stays" % _who_has(holder))
	var space: String = method.get_slice(".", 0)
	if space in _reserved:
		return Result.fail("NAMESPACE_RESERVED", "the namespace '%s' belongs to the built-in tools" % space)
	if options.channel != EDITOR_CHANNEL:
		return Result.fail("INVALID_PARAMS", "options.channel is internal: extension commands run in the editor")
	return _arity(handler, 2 if options.cancellable else 1)


func _who_has(holder: String) -> String:
	if holder == CommandTable.BUILTIN:
		return "a built-in command registered it first"
	if holder == _record.owner():
		return "this extension registered it already"
	return "%s registered it first" % holder.replace(":", " ")


## A handler must accept exactly the arguments it will get: the parameters, and the context too when
## the command is cancellable. Arguments beyond those need defaults.
func _arity(handler: Callable, wanted: int) -> Result:
	if not handler.is_valid():
		return Result.fail("INVALID_PARAMS", "its handler is not a valid Callable")
	var takes: int = handler.get_argument_count()
	if takes == wanted or (takes > wanted and _defaults_of(handler) >= takes - wanted):
		return Result.of()
	var expected: String = "(params, context)" if wanted == 2 else "(params)"
	return Result.fail(
		"INVALID_PARAMS",
		(
			"its handler %s takes %d argument(s), but it will be called as %s%s"
			% [handler.get_method(), takes, expected, "" if wanted == 2 else " (mark_cancellable() adds context)"]
		)
	)


static func _defaults_of(handler: Callable) -> int:
	var target: Object = handler.get_object()
	if target == null:
		return 0
	for method: Dictionary in target.get_method_list():
		if StringName(method["name"]) == handler.get_method():
			return (method["default_args"] as Array).size()
	return 0


## A group's description and keywords, given on one command of this extension, apply to all of
## its commands in that group.
func _share_group(options: MCPToolkitCommandOptions) -> void:
	if options.group_name == "":
		return
	var members: Array = _record.group_members.get(options.group_name, [])
	members.append(options)
	_record.group_members[options.group_name] = members
	var described: MCPToolkitCommandOptions = null
	for member: MCPToolkitCommandOptions in members:
		if described == null and (member.group_description != "" or not member.keywords.is_empty()):
			described = member
	if described == null:
		return
	for member: MCPToolkitCommandOptions in members:
		if member.group_description == "" and member.keywords.is_empty():
			member.group_description = described.group_description
			member.keywords = described.keywords.duplicate()
