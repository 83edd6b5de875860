@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## signal.watch / unwatch / get_events / emit: the running game's signals.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const SignalWatch := preload("res://addons/godot_live_mcp/runtime/signal_watch.gd")
const CallArguments := preload("res://addons/godot_live_mcp/runtime/call_arguments.gd")

const DEFAULT_LIMIT := 100
const WATCH_HINT := "signal_watch starts a watch and answers with its watch_id."


func register(registry: MCPToolkitCommandRegistry) -> void:
	var target: Dictionary = {
		"node_path": S.node_path(RuntimeNodes.HINT),
		"signal": S.string("The signal's name, e.g. 'collected'."),
	}
	(
		registry
		. add(
			"signal.watch",
			watch,
			(
				Options
				. changing(
					"signal.watch",
					"Start recording every emission of a live node's signal, with its arguments; read them with signal_get_events."
				)
				. with_input_schema(S.object(target, ["node_path", "signal"]))
				. with_output_schema(
					S.object(
						{
							"watch_id": S.integer(),
							"node_path": S.string(),
							"signal": S.string(),
							"args": S.array(S.string())
						},
						["watch_id"],
						true
					)
				)
			)
		)
	)
	registry.add(
		"signal.unwatch",
		unwatch,
		(
			Options
			. changing("signal.unwatch", "Stop a signal watch and forget its recorded events.")
			. with_input_schema(S.object({"watch_id": S.integer("From signal_watch.")}, ["watch_id"]))
			. with_output_schema(
				S.object({"watch_id": S.integer(), "events_recorded": S.integer()}, ["watch_id"], true)
			)
		)
	)
	(
		registry
		. add(
			"signal.get_events",
			get_events,
			(
				Options
				. reading(
					"signal.get_events",
					(
						"Read the emissions a watch recorded (seq, game frame, arguments), oldest first, from a cursor;"
						+ " pass last_seq + 1 later to get only newer ones."
					)
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"watch_id": S.integer("From signal_watch."),
								"cursor": S.integer("The first seq to return.", 1, 1),
								"limit": S.integer("How many events to return at most.", DEFAULT_LIMIT, 1),
							},
							["watch_id"]
						)
					)
				)
				. with_output_schema(_events_schema())
			)
		)
	)
	target["args"] = S.array(S.any(), "The signal's arguments (JSON or tagged values).")
	registry.add(
		"signal.emit",
		emit,
		(
			Options
			. changing("signal.emit", "Emit a live node's signal with arguments converted to its parameter types.")
			. with_input_schema(S.object(target, ["node_path", "signal"]))
			. with_output_schema(
				S.object({"node_path": S.string(), "signal": S.string(), "emitted": S.boolean()}, [], true)
			)
		)
	)


func watch(params: Dictionary) -> Dictionary:
	var found: Variant = _signal_target(params)
	if found is Dictionary:
		return found
	var node: Node = found
	var name: StringName = StringName(str(params["signal"]))
	var info: Dictionary = _signal_info(node, name)
	var id: int = _state.take_watch_id()
	var recorder: SignalWatch = SignalWatch.new(id, node, name, RuntimeNodes.path_of(node), _game_frame)
	if not recorder.start((info["args"] as Array).size()):
		return MCPToolkitError.fail(
			"UNSUPPORTED",
			"'%s' has more than %d arguments, which watches do not support." % [name, SignalWatch.MAX_ARGS]
		)
	_state.add_watch(recorder)
	var names: Array = (info["args"] as Array).map(func(arg: Dictionary) -> String: return str(arg["name"]))
	return MCPToolkitSuccess.ok({"watch_id": id, "node_path": recorder.node_path, "signal": str(name), "args": names})


func unwatch(params: Dictionary) -> Dictionary:
	var recorder: SignalWatch = _state.watches.get(int(params.get("watch_id", 0)))
	if recorder == null:
		return _unknown_watch(params)
	recorder.stop()
	_state.watches.erase(recorder.id)
	return MCPToolkitSuccess.ok({"watch_id": recorder.id, "events_recorded": recorder.next_seq() - 1})


func get_events(params: Dictionary) -> Dictionary:
	var recorder: SignalWatch = _state.watches.get(int(params.get("watch_id", 0)))
	if recorder == null:
		return _unknown_watch(params)
	var cursor: int = maxi(int(params.get("cursor", 1)), 1)
	var limit: int = maxi(int(params.get("limit", DEFAULT_LIMIT)), 1)
	var waiting: Array[Dictionary] = recorder.events_since(cursor)
	var page: Array[Dictionary] = waiting.slice(0, limit)
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
	return MCPToolkitSuccess.ok(result)


func emit(params: Dictionary) -> Dictionary:
	var found: Variant = _signal_target(params)
	if found is Dictionary:
		return found
	var node: Node = found
	var name: StringName = StringName(str(params["signal"]))
	var read: Dictionary = CallArguments.read(_signal_info(node, name), params.get("args", []), "'%s'" % name)
	if not read["ok"]:
		return MCPToolkitError.fail(read["code"], read["message"], "signal_list shows its arguments.")
	var call_args: Array = [name]
	call_args.append_array(read["args"])
	node.callv("emit_signal", call_args)
	return MCPToolkitSuccess.ok({"node_path": RuntimeNodes.path_of(node), "signal": str(name), "emitted": true})


func _signal_target(params: Dictionary) -> Variant:
	var missing: Variant = MCPToolkitError.require(params, ["node_path", "signal"])
	if missing != null:
		return missing
	var found: Variant = RuntimeNodes.require(params)
	if found is Dictionary:
		return found
	var node: Node = found
	if not node.has_signal(str(params["signal"])):
		var names: Array = node.get_signal_list().map(func(s: Dictionary) -> String: return str(s["name"]))
		return MCPToolkitError.fail(
			"NOT_FOUND",
			"%s has no signal '%s'." % [RuntimeNodes.path_of(node), params["signal"]],
			"Its signals: %s." % ", ".join(PackedStringArray(names.slice(0, 40)))
		)
	return node


func _signal_info(node: Node, name: StringName) -> Dictionary:
	for info: Dictionary in node.get_signal_list():
		if info["name"] == name:
			return info
	return {"name": name, "args": []}


func _game_frame() -> int:
	return _state.clock.game_frames


func _unknown_watch(params: Dictionary) -> Dictionary:
	return MCPToolkitError.fail("NOT_FOUND", "No signal watch %s." % params.get("watch_id"), WATCH_HINT)


static func _events_schema() -> Dictionary:
	var event: Dictionary = S.object(
		{
			"seq": S.integer(),
			"frame": S.integer("The game frame it was emitted in."),
			"time_ms": S.integer(),
			"args": S.array(S.any())
		},
		["seq", "args"],
		true
	)
	return (
		S
		. page(
			"events",
			"cursor",
			{
				"watch_id": S.integer(),
				"node_path": S.string(),
				"signal": S.string(),
				"events": S.array(event),
				"last_seq": S.integer("The newest event's seq (0 when none yet)."),
				"dropped": S.integer("Events dropped because the watch held too many."),
				"watching": S.boolean("False once the node was freed."),
			},
			["events"]
		)
	)
