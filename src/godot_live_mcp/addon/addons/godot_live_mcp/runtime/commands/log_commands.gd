@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.get_log and runtime.get_performance: what the game printed, and how it runs.

const LogPage := preload("res://addons/godot_live_mcp/diagnostics/log_page.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
const DEFAULTS := {"marks": "read_only idempotent"}
const COMMANDS := {
	"runtime.get_log":
	{
		"text":
		(
			"Read what the running game printed and the errors and warnings it raised, repeats folded, with counts"
			+ " by kind since start and its most frequent errors. Without cursor: the newest entries. Pass"
			+ " resume_cursor from the previous call as cursor to get only what was logged since."
		),
		"args": LogPage.ARGS,
		"returns":
		[
			LogPage.RETURNS,
			{
				"distinct":
				"array<object>: The most frequent errors and warnings since start: kind, text, source, count."
			},
		],
	},
	"runtime.get_performance":
	{
		"text":
		(
			"Read the running game's performance monitors: fps, frame and physics time, object and"
			+ " node counts, memory and draw calls. A paused game (advanced by runtime_step) has no fps:"
			+ " stepped is true instead."
		),
		"returns":
		[
			{"fps": "number: Left out while paused.", "stepped": "boolean: Paused: moved only by runtime_step."},
			{"frames_stepped": "integer: Frames the last step ran.", "process_time_ms": "number"},
			{"physics_time_ms": "number", "object_count": "number"},
			{"node_count!": "number", "orphan_node_count": "number", "resource_count": "number"},
			{"static_memory_bytes": "number", "draw_calls": "number", "video_memory_bytes": "number"},
			{"physics_2d_active_objects": "number", "physics_3d_active_objects": "number", "game_frame": "integer"},
			{"paused": "boolean", "time_scale": "number", "physics_ticks_per_second": "integer"},
		],
	},
}


func get_log(params: CommandParams) -> Result:
	if not _state.log_buffer.is_capturing():
		return LogPage.unsupported("the game's output", "read it in the editor's Output panel")
	var page: Result = LogPage.read(_state.log_buffer, params.raw, "runtime_get_log")
	if page.succeeded():
		page.value["distinct"] = _state.log_buffer.summary()["distinct"]
	return page


func get_performance(_params: CommandParams) -> Result:
	# The engine's monitors by the names the result gives them; those that count things answer integers.
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
	const COUNTS: Array[String] = ["object_count", "node_count", "orphan_node_count", "resource_count", "draw_calls"]
	var values: Dictionary = {}
	for name: String in MONITORS:
		var value: float = Performance.get_monitor(MONITORS[name])
		values[name] = value * 1000.0 if name.ends_with("_ms") else value
	for name: String in COUNTS:
		values[name] = int(values[name])
	values["game_frame"] = _state.clock.game_frames
	values["paused"] = _state.clock.is_paused()
	values["stepped"] = _state.clock.is_paused()
	if values["stepped"]:
		# The engine's fps then counts idle loop turns between steps, not frames the game played.
		values.erase("fps")
		values["frames_stepped"] = _state.clock.frames_stepped()
	values["time_scale"] = Engine.time_scale
	values["physics_ticks_per_second"] = Engine.physics_ticks_per_second
	return Result.of(values)
