@tool
extends RefCounted
## The one explicit list of built-in command modules, in catalogue order.

const Declarations := preload("res://addons/godot_live_mcp/dispatch/declarations.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const RuntimeCommands := preload("res://addons/godot_live_mcp/runtime/commands/runtime_commands.gd")
const BatchCommands := preload("res://addons/godot_live_mcp/commands/editor_batch_commands.gd")
const EditorModule := preload("res://addons/godot_live_mcp/core/editor_module.gd")
const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")

const MODULES: Array[Script] = [
	preload("res://addons/godot_live_mcp/commands/editor_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/scene_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/classdb_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/project_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/editor_history_commands.gd"),
	BatchCommands,
	preload("res://addons/godot_live_mcp/commands/editor_view_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/scene_render_commands.gd"),
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
	preload("res://addons/godot_live_mcp/commands/physics/physics_shape_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/physics/physics_layer_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/animation/animation_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/animation/animation_track_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/animation/animation_tree_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/audio/audio_bus_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/audio/audio_effect_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/audio/sound_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/navigation/navigation_source_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/navigation/navigation_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/path/path_curve_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/tilemap/tile_map_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_layer_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/asset/asset_list_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/asset/asset_import_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/asset/asset_scene_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/procedural/texture_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/procedural/procedural_resource_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/ui/ui_layout_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/sprite/sprite_frames_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/sprite/sprite_animation_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/sprite/sprite_frame_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/ui/ui_theme_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/spatial/spatial_node_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/spatial/spatial_environment_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/spatial/spatial_map_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/material/material_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/material/shader_commands.gd"),
	preload("res://addons/godot_live_mcp/commands/particles/particles_commands.gd"),
]


## Every built-in command, in catalogue order. The game's commands (RuntimeCommands.MODULES) are
## described only: called in the editor, they answer RUNTIME_ONLY (the server sends them to the game).
## A module that works on the editor's state (an EditorModule) is built with services and its handlers
## bound to that instance. Returns those instances, which the caller must keep.
static func register_all(registry: CommandRegistry, services: EditorServices) -> Array[EditorModule]:
	var built: Array[EditorModule] = []
	for module: Script in MODULES:
		if module == BatchCommands:  # its steps call the registry's commands
			BatchCommands.register(registry, services.undo)
		elif module == RuntimeCommands:
			for runtime_module: Script in RuntimeCommands.MODULES:
				Declarations.register_module(registry, runtime_module, null, true)
		elif module.get_base_script() == EditorModule:
			built.append(module.new(services))
			Declarations.register_module(registry, module, built.back(), false, CommandTarget.wrap)
		else:
			Declarations.register_module(registry, module, null, false, CommandTarget.wrap)
	return built
