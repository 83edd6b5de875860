@tool
extends RefCounted
## The one explicit list of the commands the running game answers (export-clean). In the game
## they are registered with live state; the editor registers them with none, only to describe
## them in its catalogue.

const RuntimeState := preload("res://addons/godot_live_mcp/runtime/runtime_state.gd")
const RuntimeModule := preload("res://addons/godot_live_mcp/runtime/commands/runtime_module.gd")
const TreeCommands := preload("res://addons/godot_live_mcp/runtime/commands/tree_commands.gd")
const NodeCommands := preload("res://addons/godot_live_mcp/runtime/commands/node_commands.gd")
const LogCommands := preload("res://addons/godot_live_mcp/runtime/commands/log_commands.gd")
const TimeCommands := preload("res://addons/godot_live_mcp/runtime/commands/time_commands.gd")
const SignalCommands := preload("res://addons/godot_live_mcp/runtime/commands/signal_commands.gd")
const InputCommands := preload("res://addons/godot_live_mcp/runtime/commands/input_commands.gd")
const RecordingCommands := preload("res://addons/godot_live_mcp/runtime/commands/recording_commands.gd")
const ExecuteCommands := preload("res://addons/godot_live_mcp/runtime/commands/execute_commands.gd")
const ScreenshotCommands := preload("res://addons/godot_live_mcp/runtime/commands/screenshot_commands.gd")


## Registers every runtime command; returns the module instances, which the caller must keep
## (their handlers are bound to them).
static func register_all(registry: MCPToolkitCommandRegistry, state: RuntimeState) -> Array[RuntimeModule]:
	TreeCommands.register(registry)
	ScreenshotCommands.register(registry)
	var modules: Array[RuntimeModule] = [
		NodeCommands.new(state),
		LogCommands.new(state),
		TimeCommands.new(state),
		SignalCommands.new(state),
		InputCommands.new(state),
		RecordingCommands.new(state),
		ExecuteCommands.new(state),
	]
	for module: RuntimeModule in modules:
		module.register(registry)
	return modules
