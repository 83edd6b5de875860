@tool
extends RefCounted
## The one explicit list of the command modules the running game answers (export-clean). The game
## registers them with its live state; the editor publishes the same declarations in its catalogue
## (channel "runtime", see builtin_commands.gd), so they are listed as tools even when no game runs.
## The server sends their calls to the game; called in the editor, they answer RUNTIME_ONLY.

const Declarations := preload("res://addons/godot_live_mcp/dispatch/declarations.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const RuntimeState := preload("res://addons/godot_live_mcp/runtime/runtime_state.gd")
const RuntimeModule := preload("res://addons/godot_live_mcp/runtime/commands/runtime_module.gd")

const MODULES: Array[Script] = [
	preload("res://addons/godot_live_mcp/runtime/commands/tree_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/screenshot_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/node_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/log_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/time_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/signal_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/input_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/recording_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/execute_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/animation_commands.gd"),
	preload("res://addons/godot_live_mcp/runtime/commands/playtest_commands.gd"),
]


## In the game: every runtime command, its handler bound to a module built with state. Returns the
## modules, which the caller must keep.
static func serve(registry: CommandRegistry, state: RuntimeState) -> Array[RuntimeModule]:
	var modules: Array[RuntimeModule] = []
	for module: Script in MODULES:
		var instance: RuntimeModule = module.new(state)
		Declarations.register_module(registry, module, instance)
		modules.append(instance)
	return modules
