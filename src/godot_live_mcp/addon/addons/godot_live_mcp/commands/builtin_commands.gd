@tool
extends RefCounted
## The one explicit list of built-in command modules, in catalogue order. An editor registers them
## from their cached declarations (dispatch/declaration_cache.gd); each module loads on the first
## call of one of its commands (dispatch/lazy_module.gd).

const Declarations := preload("res://addons/godot_live_mcp/dispatch/declarations.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const DeclarationCache := preload("res://addons/godot_live_mcp/dispatch/declaration_cache.gd")
const LazyModule := preload("res://addons/godot_live_mcp/dispatch/lazy_module.gd")
const EditorModule := preload("res://addons/godot_live_mcp/core/editor_module.gd")
const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")

## The game's modules (its MODULES), described in the editor only: called there, they answer
## RUNTIME_ONLY (the server sends them to the game).
const RUNTIME_COMMANDS := "res://addons/godot_live_mcp/runtime/commands/runtime_commands.gd"
const MODULES: PackedStringArray = [
	"res://addons/godot_live_mcp/commands/editor/editor_commands.gd",
	"res://addons/godot_live_mcp/commands/scene/scene_commands.gd",
	"res://addons/godot_live_mcp/commands/classdb/classdb_commands.gd",
	"res://addons/godot_live_mcp/commands/project/project_commands.gd",
	"res://addons/godot_live_mcp/commands/editor/editor_history_commands.gd",
	"res://addons/godot_live_mcp/commands/editor/editor_batch_commands.gd",
	"res://addons/godot_live_mcp/commands/editor/editor_view_commands.gd",
	"res://addons/godot_live_mcp/commands/scene_render/scene_render_commands.gd",
	"res://addons/godot_live_mcp/commands/scene/scene_file_commands.gd",
	"res://addons/godot_live_mcp/commands/scene/scene_save_commands.gd",
	"res://addons/godot_live_mcp/commands/file/file_commands.gd",
	"res://addons/godot_live_mcp/commands/file/file_search_commands.gd",
	"res://addons/godot_live_mcp/commands/file/folder_commands.gd",
	"res://addons/godot_live_mcp/commands/script/script_commands.gd",
	"res://addons/godot_live_mcp/commands/script/script_edit_commands.gd",
	"res://addons/godot_live_mcp/commands/playtest/game_commands.gd",
	"res://addons/godot_live_mcp/commands/playtest/debug_commands.gd",
	RUNTIME_COMMANDS,
	"res://addons/godot_live_mcp/commands/editor/editor_log_commands.gd",
	"res://addons/godot_live_mcp/commands/editor/editor_execute_commands.gd",
	"res://addons/godot_live_mcp/commands/editor/editor_sync_commands.gd",
	"res://addons/godot_live_mcp/commands/project/input_map_commands.gd",
	"res://addons/godot_live_mcp/commands/project/autoload_commands.gd",
	"res://addons/godot_live_mcp/commands/node/signal_commands.gd",
	"res://addons/godot_live_mcp/commands/resource/resource_commands.gd",
	"res://addons/godot_live_mcp/commands/resource/resource_file_commands.gd",
	"res://addons/godot_live_mcp/commands/scene/scene_instance_commands.gd",
	"res://addons/godot_live_mcp/commands/node/node_commands.gd",
	"res://addons/godot_live_mcp/commands/node/node_tree_commands.gd",
	"res://addons/godot_live_mcp/commands/node/node_property_commands.gd",
	"res://addons/godot_live_mcp/commands/node/node_group_commands.gd",
	"res://addons/godot_live_mcp/commands/node/node_query_commands.gd",
	"res://addons/godot_live_mcp/commands/project/project_setting_commands.gd",
	"res://addons/godot_live_mcp/commands/physics/physics_shape_commands.gd",
	"res://addons/godot_live_mcp/commands/physics/physics_layer_commands.gd",
	"res://addons/godot_live_mcp/commands/animation/animation_commands.gd",
	"res://addons/godot_live_mcp/commands/animation/animation_track_commands.gd",
	"res://addons/godot_live_mcp/commands/animation/animation_tree_commands.gd",
	"res://addons/godot_live_mcp/commands/audio/audio_bus_commands.gd",
	"res://addons/godot_live_mcp/commands/audio/audio_effect_commands.gd",
	"res://addons/godot_live_mcp/commands/audio/sound_commands.gd",
	"res://addons/godot_live_mcp/commands/navigation/navigation_source_commands.gd",
	"res://addons/godot_live_mcp/commands/navigation/navigation_commands.gd",
	"res://addons/godot_live_mcp/commands/path/path_curve_commands.gd",
	"res://addons/godot_live_mcp/commands/tilemap/tile_map_commands.gd",
	"res://addons/godot_live_mcp/commands/tilemap/tile_set_commands.gd",
	"res://addons/godot_live_mcp/commands/tilemap/tile_set_layer_commands.gd",
	"res://addons/godot_live_mcp/commands/asset/asset_list_commands.gd",
	"res://addons/godot_live_mcp/commands/asset/asset_import_commands.gd",
	"res://addons/godot_live_mcp/commands/asset/asset_scene_commands.gd",
	"res://addons/godot_live_mcp/commands/procedural/texture_commands.gd",
	"res://addons/godot_live_mcp/commands/procedural/procedural_resource_commands.gd",
	"res://addons/godot_live_mcp/commands/ui/ui_layout_commands.gd",
	"res://addons/godot_live_mcp/commands/sprite/sprite_frames_commands.gd",
	"res://addons/godot_live_mcp/commands/sprite/sprite_animation_commands.gd",
	"res://addons/godot_live_mcp/commands/sprite/sprite_frame_commands.gd",
	"res://addons/godot_live_mcp/commands/ui/ui_theme_commands.gd",
	"res://addons/godot_live_mcp/commands/spatial/spatial_node_commands.gd",
	"res://addons/godot_live_mcp/commands/spatial/spatial_environment_commands.gd",
	"res://addons/godot_live_mcp/commands/spatial/spatial_map_commands.gd",
	"res://addons/godot_live_mcp/commands/material/material_commands.gd",
	"res://addons/godot_live_mcp/commands/material/shader_commands.gd",
	"res://addons/godot_live_mcp/commands/particles/particles_commands.gd",
]


## Every built-in command, in catalogue order, without loading a module when the cache is current.
## A module that works on the editor's state (an EditorModule) is built with services on its first
## call and its handlers bound to that instance (which its LazyModule keeps); others are static.
static func register_all(registry: CommandRegistry, services: EditorServices = null) -> void:
	var bind_to: Callable = _target_for.bind(services, weakref(registry))
	for record: Dictionary in DeclarationCache.records(records):
		if record.get("describe_only", false):
			Declarations.register_record(registry, record, Callable())
			continue
		# Held in a variable: a method Callable alone does not keep the module alive until it binds itself.
		var module: LazyModule = LazyModule.new(record["path"], bind_to)
		Declarations.register_record(registry, record, module.handler, CommandTarget.wrap)


## Every module's declarations, in catalogue order (loads every module: what the cache saves).
static func records() -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for path: String in MODULES:
		if path != RUNTIME_COMMANDS:
			found.append(Declarations.record_of(load(path)))
			continue
		for runtime_module: Script in load(RUNTIME_COMMANDS).get_script_constant_map()["MODULES"]:
			var described: Dictionary = Declarations.record_of(runtime_module)
			described["describe_only"] = true
			found.append(described)
	return found


static func _target_for(module: Script, services: EditorServices, registry: WeakRef) -> Object:
	return module.new(services, registry) if module.get_base_script() == EditorModule else module
