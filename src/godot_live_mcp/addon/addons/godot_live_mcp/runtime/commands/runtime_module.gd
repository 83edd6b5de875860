@tool
extends RefCounted
## A module of commands the running game answers (export-clean). It declares CHANNEL, GROUP and
## COMMANDS as data (see dispatch/declarations.gd); the game builds it with the live state its
## handlers work on, while the editor only reads its declarations for the catalogue. Its handlers
## take the CommandParams and return the Result below.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const RuntimeState := preload("res://addons/godot_live_mcp/runtime/runtime_state.gd")

var _state: RuntimeState


func _init(state: RuntimeState) -> void:
	_state = state
