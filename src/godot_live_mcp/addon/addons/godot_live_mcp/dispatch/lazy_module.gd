@tool
extends RefCounted
## A command module registered from its declarations alone: the script loads on the first call of
## one of its commands, and its handlers are bound then.

const LazyModule := preload("res://addons/godot_live_mcp/dispatch/lazy_module.gd")

var _path: String
var _target_for: Callable
var _target: Object
var _methods: Dictionary = {}  # run -> its bound Callable


## target_for turns the loaded script into the object its handlers are called on (the script itself
## for static handlers).
func _init(module_path: String, target_for: Callable) -> void:
	_path = module_path
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
		_target = _target_for.call(load(_path))
	_methods[run] = Callable(_target, run)
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
