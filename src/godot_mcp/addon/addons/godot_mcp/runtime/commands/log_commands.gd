@tool
extends RefCounted
## runtime.get_log and runtime.get_performance: what the game printed, and how it runs.

const S := preload("res://addons/godot_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_mcp/runtime/runtime_options.gd")
const RuntimeState := preload("res://addons/godot_mcp/runtime/runtime_state.gd")
const LogBuffer := preload("res://addons/godot_mcp/runtime/log_buffer.gd")
const Untrusted := preload("res://addons/godot_mcp/security/untrusted.gd")

const DEFAULT_LIMIT := 100
const KINDS: Array = ["message", "stderr", "error", "warning", "script", "shader"]
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

var _state: RuntimeState


func _init(state: RuntimeState) -> void:
	_state = state


func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"runtime.get_log",
			get_log,
			(
				Options
				. reading(
					"runtime.get_log",
					(
						"Read what the running game printed and the errors and warnings it raised, oldest first, from"
						+ " a cursor (paginated); pass last_seq + 1 later to get only newer lines."
					)
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"cursor": S.integer("The first seq to return (1 = the oldest kept).", 1, 1),
								"limit": S.integer("How many lines to return at most.", DEFAULT_LIMIT, 1),
								"kinds": S.array(S.enum_of(KINDS), "Only these kinds of lines (default: all)."),
							}
						)
					)
				)
				. with_output_schema(_log_schema())
			)
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
	if not _state.logs_engine_output:
		return MCPToolkitError.fail(
			"LOG_UNAVAILABLE",
			(
				"This engine (%s) cannot hand the game's output to scripts; that needs Godot 4.5 or newer."
				% Engine.get_version_info()["string"]
			),
			"Read the output in the editor's Output panel, or update Godot."
		)
	var cursor: int = maxi(int(params.get("cursor", 1)), 1)
	var limit: int = maxi(int(params.get("limit", DEFAULT_LIMIT)), 1)
	var kinds: PackedStringArray = PackedStringArray(params.get("kinds", []))
	var waiting: Array[Dictionary] = _state.log_buffer.read(cursor, LogBuffer.CAPACITY, kinds)
	var page: Array[Dictionary] = waiting.slice(0, limit)
	var lines: PackedStringArray = PackedStringArray()
	for entry: Dictionary in page:
		lines.append("#%d %s" % [entry["seq"], LogBuffer.format_line(entry)])
	var result: Dictionary = {
		"log": Untrusted.wrap("log", "game", "\n".join(lines)),
		"has_more": waiting.size() > page.size(),
		"total_lines": waiting.size(),
		"returned": page.size(),
		"last_seq": _state.log_buffer.next_seq() - 1,
		"first_kept_seq": _state.log_buffer.first_seq(),
		"error_count": page.filter(func(e: Dictionary) -> bool: return e["kind"] in ["error", "script"]).size(),
	}
	if result["has_more"]:
		result["next_cursor"] = int(page[-1]["seq"]) + 1
		result["hint"] = (
			"More lines remain; call again with cursor = %d until has_more is false." % result["next_cursor"]
		)
	return MCPToolkitSuccess.ok(result)


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


static func _log_schema() -> Dictionary:
	var fields: Dictionary = S.page_fields("lines", "cursor")
	(
		fields
		. merge(
			{
				"log": S.string("The lines, '#seq [kind] text (source)', wrapped as untrusted content."),
				"last_seq": S.integer("The newest line's seq."),
				"first_kept_seq": S.integer("Older lines were dropped to keep the log bounded."),
				"error_count": S.integer("Error lines in this page."),
			}
		)
	)
	return S.object(fields, ["log", "has_more", "total_lines", "returned"], true)


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
