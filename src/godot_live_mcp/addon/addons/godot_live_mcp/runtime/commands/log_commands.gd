@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.get_log and runtime.get_performance: what the game printed, and how it runs.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const LogPage := preload("res://addons/godot_live_mcp/diagnostics/log_page.gd")

const MONITORS: Dictionary = {
	"fps": Performance.TIME_FPS,
	"process_time_ms": Performance.TIME_PROCESS,
	"physics_time_ms": Performance.TIME_PHYSICS_PROCESS,
	"object_count": Performance.OBJECT_COUNT,
	"node_count": Performance.OBJECT_NODE_COUNT,
	"orphan_node_count": Performance.OBJECT_ORPHAN_NODE_COUNT,
	"resource_count": Performance.OBJECT_RESOURCE_COUNT,
	"static_memory_bytes": Performance.MEMORY_STATIC,
	"draw_calls": Performance.RENDER_TOTAL_DRAW_CALLS_IN_FRAME,
	"video_memory_bytes": Performance.RENDER_VIDEO_MEM_USED,
	"physics_2d_active_objects": Performance.PHYSICS_2D_ACTIVE_OBJECTS,
	"physics_3d_active_objects": Performance.PHYSICS_3D_ACTIVE_OBJECTS,
}


func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"runtime.get_log",
		get_log,
		(
			Options
			. reading(
				"runtime.get_log",
				(
					"Read what the running game printed and the errors and warnings it raised. Without cursor:"
					+ " the newest entries. Pass resume_cursor from the previous call as cursor to get only"
					+ " what was logged since."
				)
			)
			. with_input_schema(LogPage.input_schema())
			. with_output_schema(LogPage.output_schema())
		)
	)
	registry.add(
		"runtime.get_performance",
		get_performance,
		(
			Options
			. reading(
				"runtime.get_performance",
				(
					"Read the running game's performance monitors: fps, frame and physics time, object and"
					+ " node counts, memory and draw calls."
				)
			)
			. with_input_schema(S.object({}))
			. with_output_schema(_performance_schema())
		)
	)


func get_log(params: Dictionary) -> Dictionary:
	if not _state.log_buffer.is_capturing():
		return LogPage.unsupported("the game's output", "read it in the editor's Output panel")
	return LogPage.read(_state.log_buffer, params, "game", "runtime_get_log")


func get_performance(_params: Dictionary) -> Dictionary:
	var values: Dictionary = {}
	for name: String in MONITORS:
		var value: float = Performance.get_monitor(MONITORS[name])
		values[name] = value * 1000.0 if name.ends_with("_ms") else value
	for name: String in ["object_count", "node_count", "orphan_node_count", "resource_count", "draw_calls"]:
		values[name] = int(values[name])
	values["game_frame"] = _state.clock.game_frames
	values["paused"] = _state.clock.is_paused()
	values["time_scale"] = Engine.time_scale
	values["physics_ticks_per_second"] = Engine.physics_ticks_per_second
	return MCPToolkitSuccess.ok(values)


static func _performance_schema() -> Dictionary:
	var fields: Dictionary = {}
	for name: String in MONITORS:
		fields[name] = S.number()
	fields.merge(
		{
			"game_frame": S.integer(),
			"paused": S.boolean(),
			"time_scale": S.number(),
			"physics_ticks_per_second": S.integer()
		}
	)
	return S.object(fields, ["fps", "node_count"], true)
