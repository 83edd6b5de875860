@tool
extends RefCounted
## A module of editor commands that works on the editor's live state. It declares GROUP and COMMANDS
## as data (see dispatch/declarations.gd); builtin_commands.gd builds it with the services and binds
## its handlers to that instance, as the game does with runtime/commands/runtime_module.gd.

const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")

var _services: EditorServices


func _init(services: EditorServices) -> void:
	_services = services
