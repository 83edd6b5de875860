@tool
extends RefCounted
## A command module registered from its declarations alone: the script loads on the first call of
## one of its commands, and its handlers are bound then. A module that declares
## `const CALLS_REGISTRY := true` gets the registry (weakly: the registry holds its handlers) as the
## last argument of each handler.

const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const LazyModule := preload("res://addons/godot_live_mcp/dispatch/lazy_module.gd")

var _path: String
var _registry_ref: WeakRef
var _target_for: Callable
var _target: Object
var _calls_registry: bool = false
var _methods: Dictionary = {}  # run -> its bound Callable


## target_for turns the loaded script into the object its handlers are called on (the script itself
## for static handlers).
func _init(module_path: String, registry: CommandRegistry, target_for: Callable) -> void:
	_path = module_path
	_registry_ref = weakref(registry)
	_target_for = target_for


## The handler the registry calls for the module's method run: with the params, then the resolved
## target when targeted, then a context when cancellable. It holds this module, so the module lives as
## long as its commands are registered.
func handler(run: String, cancellable: bool, targeted: bool = false) -> Callable:
	if targeted:
		return _invoke_on_target_cancellable.bind(self, run) if cancellable else _invoke_on_target.bind(self, run)
	return _invoke_cancellable.bind(self, run) if cancellable else _invoke.bind(self, run)


## The module's method run, loading the module on first use; each method bound once.
func bound(run: String) -> Callable:
	if _methods.has(run):
		return _methods[run]
	if _target == null:
		var module: Script = load(_path)
		_target = _target_for.call(module)
		_calls_registry = module.get_script_constant_map().get("CALLS_REGISTRY", false)
	var method: Callable = Callable(_target, run)
	_methods[run] = method.bind(_registry_ref) if _calls_registry else method
	return _methods[run]


static func _invoke(arguments: Variant, module: LazyModule, run: String) -> Variant:
	return await module.bound(run).call(arguments)


static func _invoke_on_target(arguments: Variant, target: RefCounted, module: LazyModule, run: String) -> Variant:
	return await module.bound(run).call(arguments, target)


static func _invoke_on_target_cancellable(
	arguments: Variant, target: RefCounted, context: MCPToolkitToolContext, module: LazyModule, run: String
) -> Variant:
	return await module.bound(run).call(arguments, target, context)


static func _invoke_cancellable(
	arguments: Variant, context: MCPToolkitToolContext, module: LazyModule, run: String
) -> Variant:
	return await module.bound(run).call(arguments, context)
