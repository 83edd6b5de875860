@tool
extends RefCounted
## The one explicit list of built-in command modules, in catalogue order.

const Declarations := preload("res://addons/godot_live_mcp/dispatch/declarations.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const RuntimeCommands := preload("res://addons/godot_live_mcp/runtime/commands/runtime_commands.gd")

const MODULES: Array[Script] = [
	preload("res://addons/godot_live_mcp/commands/editor_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/scene_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/classdb_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/project_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/editor_history_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/editor_view_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/scene_file_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/scene_save_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/file_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/file_search_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/folder_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/script_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/script_edit_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/game_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/debug_commands.gd"),
	RuntimeCommands,
	preload("res://addons/godot_live_mcp/commands/editor_log_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/editor_execute_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/editor_sync_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/input_map_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/autoload_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/signal_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/resource_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/resource_file_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/scene_instance_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/node_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/node_tree_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/node_property_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/node_group_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/node_query_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/project_setting_commands.gd"),
]


## Every built-in command, in catalogue order. The game's commands (RuntimeCommands.MODULES) are
## described only: called in the editor, they answer RUNTIME_ONLY (the server sends them to the game).
static func register_all(registry: CommandRegistry) -> void:
	for module: Script in MODULES:
		if module != RuntimeCommands:
			Declarations.register_module(registry, module)
			continue
		for runtime_module: Script in RuntimeCommands.MODULES:
			Declarations.register_module(registry, runtime_module, null, true)
