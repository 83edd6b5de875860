@tool
extends RefCounted
## A module of editor commands that works on the editor's live state. It declares GROUP and COMMANDS
## as data (see dispatch/declarations.gd); builtin_commands.gd builds it with the services and binds
## its handlers to that instance, as the game does with runtime/commands/runtime_module.gd.

const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")

var _services: EditorServices
## The registry the module's commands are in, for one whose commands call others (weakly: the
## registry holds the module's handlers).
var _registry: WeakRef


func _init(services: EditorServices, registry: WeakRef) -> void:
	_services = services
	_registry = registry
