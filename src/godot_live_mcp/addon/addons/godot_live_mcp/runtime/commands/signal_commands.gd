@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## signal.watch / unwatch / get_events / emit: the running game's signals, named and described as
## the editor's signal tools name them.

const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const SignalWatch := preload("res://addons/godot_live_mcp/runtime/signal_watch.gd")
const CallArguments := preload("res://addons/godot_live_mcp/runtime/call_arguments.gd")
const NodeSignals := preload("res://addons/godot_live_mcp/shared/node_signals.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const CHANNEL := "runtime"
const GROUP := "signal"
const TARGET := {"node_path!": RuntimeNodes.NODE_PATH, "signal!": NodeSignals.SIGNAL}
const WATCH_ID := {"watch_id!": "integer: The watch, as signal_watch answered it."}
const WATCH_ID_WHEN_SEVERAL := {
	"watch_id": "integer: The watch, as signal_watch answered it; may be left out while only one watch runs."
}
const EVENTS := [
	{"@": "array: The emissions, oldest first.", "seq!": "integer"},
	{"frame": "integer: The game frame it was emitted in.", "time_ms": "integer"},
	{"args!": "array: The arguments, as JSON."},
]
const COMMANDS := {
	"signal.watch":
	{
		"text":
		"Start recording every emission of a live node's signal, with its arguments; read them with signal_get_events.",
		"args": TARGET,
		"returns": {"watch_id!": "integer", "node_path": "string", "signal": "string", "args": NodeSignals.ARGUMENTS},
	},
	"signal.unwatch":
	{
		"text": "Stop a signal watch and forget its recorded events.",
		"args": WATCH_ID,
		"returns": {"watch_id!": "integer", "events_recorded": "integer"},
	},
	"signal.get_events":
	{
		"text":
		(
			"Read the emissions a watch recorded (seq, game frame, arguments), oldest first, from a cursor;"
			+ " pass last_seq + 1 later to get only newer ones."
		),
		"args":
		[
			WATCH_ID_WHEN_SEVERAL,
			{"cursor": "integer[1..]=1: The first seq to return.", "limit": PageArgs.LIMIT_100 % "events"}
		],
		"returns":
		[
			{"@page": "events cursor", "watch_id": "integer", "node_path": "string", "signal": "string"},
			{"events!": EVENTS, "last_seq": "integer: The newest event's seq (0 when none yet)."},
			{"dropped": "integer: Events dropped because the watch held too many."},
			{"watching": "boolean: False once the node was freed."},
		],
		"marks": "read_only idempotent",
	},
	"signal.emit":
	{
		"text": "Emit a live node's signal with arguments converted to its parameter types.",
		"args":
		[TARGET, {"args": 'array: The signal\'s arguments (JSON or tagged values); a node as {"node": "Player"}.'}],
		"returns": {"node_path": "string", "signal": "string", "emitted": "boolean"},
	},
}


func watch(params: CommandParams) -> Result:
	var found: Result = _signal_of(params)
	if found.failed():
		return found
	var info: Dictionary = found.value
	var node: Node = RuntimeNodes.resolve(params.text("node_path"))
	var name: StringName = info["name"]
	var id: int = _state.take_watch_id()
	var recorder: SignalWatch = SignalWatch.new(id, node, name, RuntimeNodes.path_of(node), _game_frame)
	if not recorder.start((info["args"] as Array).size()):
		return Result.fail(
			"UNSUPPORTED",
			"'%s' has more than %d arguments, which watches do not support." % [name, SignalWatch.MAX_ARGS]
		)
	_state.add_watch(recorder)
	var described: Dictionary = {"watch_id": id, "node_path": recorder.node_path, "signal": str(name)}
	described["args"] = NodeSignals.arguments(info)
	return Result.of(described)


func unwatch(params: CommandParams) -> Result:
	var found: Result = _watch_of(params)
	if found.failed():
		return found
	var recorder: SignalWatch = found.value
	recorder.stop()
	_state.watches.erase(recorder.id)
	return Result.of({"watch_id": recorder.id, "events_recorded": recorder.next_seq() - 1})


func get_events(params: CommandParams) -> Result:
	var found: Result = _watch_of(params)
	if found.failed():
		return found
	var recorder: SignalWatch = found.value
	var waiting: Array[Dictionary] = recorder.events_since(params.integer("cursor"))
	var page: Array[Dictionary] = waiting.slice(0, params.integer("limit"))
	var result: Dictionary = {
		"watch_id": recorder.id,
		"node_path": recorder.node_path,
		"signal": str(recorder.signal_name),
		"events": page,
		"has_more": waiting.size() > page.size(),
		"total_events": waiting.size(),
		"returned": page.size(),
		"last_seq": recorder.next_seq() - 1,
		"dropped": recorder.dropped,
		"watching": is_instance_valid(recorder.node),
	}
	if result["has_more"]:
		result["next_cursor"] = int(page[-1]["seq"]) + 1
		result["hint"] = (
			"More events remain; call again with cursor = %d until has_more is false." % result["next_cursor"]
		)
	return Result.of(result)


func emit(params: CommandParams) -> Result:
	var found: Result = _signal_of(params)
	if found.failed():
		return found
	var info: Dictionary = found.value
	var node: Node = RuntimeNodes.resolve(params.text("node_path"))
	var read: Result = CallArguments.read(info, params.list("args"), "'%s'" % info["name"])
	if read.failed():
		var hint: String = "Its arguments: %s." % ", ".join(PackedStringArray(NodeSignals.arguments(info)))
		return Result.fail(read.code, read.message, hint)
	var call_args: Array = [info["name"]]
	call_args.append_array(read.value)
	node.callv("emit_signal", call_args)
	return Result.of({"node_path": RuntimeNodes.path_of(node), "signal": str(info["name"]), "emitted": true})


## The get_signal_list() entry of params.signal on the node at params.node_path.
func _signal_of(params: CommandParams) -> Result:
	var found: Result = RuntimeNodes.require(params.text("node_path"))
	if found.failed():
		return found
	var node: Node = found.value
	return NodeSignals.require(node, params.text("signal"), RuntimeNodes.path_of(node))


func _watch_of(params: CommandParams) -> Result:
	if not params.has("watch_id"):
		return _only_watch()
	var recorder: SignalWatch = _state.watches.get(params.integer("watch_id"))
	if recorder == null:
		return Result.fail(
			"NOT_FOUND",
			"No signal watch %d." % params.integer("watch_id"),
			"signal_watch starts a watch and answers with its watch_id."
		)
	return Result.of(recorder)


## The one watch that runs, when watch_id was left out.
func _only_watch() -> Result:
	if _state.watches.size() == 1:
		return Result.of(_state.watches.values()[0])
	if _state.watches.is_empty():
		return Result.fail("NOT_FOUND", "No signal watch runs.", "signal_watch starts one.")
	var ids: PackedStringArray = PackedStringArray()
	for id: int in _state.watches:
		ids.append(str(id))
	return Result.fail(
		"INVALID_PARAMS",
		"%d signal watches run (watch_id %s)." % [ids.size(), ", ".join(ids)],
		"Pass watch_id: one of %s." % ", ".join(ids)
	)


func _game_frame() -> int:
	return _state.clock.game_frames
