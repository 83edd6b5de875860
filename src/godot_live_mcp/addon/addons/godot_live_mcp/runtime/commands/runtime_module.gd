@tool
extends RefCounted
## A runtime command module that works on the game's live state (export-clean). It is built with
## that state, which is null in the editor: there it is only asked to describe its commands.

const RuntimeState := preload("res://addons/godot_live_mcp/runtime/runtime_state.gd")

var _state: RuntimeState


func _init(state: RuntimeState) -> void:
	_state = state


## Adds the module's commands to registry, their handlers bound to this instance. Every module
## implements it.
func register(_registry: MCPToolkitCommandRegistry) -> void:
	push_error("godot_live_mcp: %s does not implement register()" % get_script().resource_path)
