@tool
extends "res://addons/godot_live_mcp/runtime/playtest/timeline_source.gd"
## The script's watched signals: an event per emission, stamped with the frame it happened in, with
## its arguments ("Level.level_cleared()", "/root/GameState.score_changed(1)").

const SignalWatch := preload("res://addons/godot_live_mcp/runtime/signal_watch.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const NodeSignals := preload("res://addons/godot_live_mcp/shared/node_signals.gd")

var _wanted: Array[Dictionary]
var _watches: Array[SignalWatch] = []
var _cursors: PackedInt64Array = PackedInt64Array()


func _init(wanted: Array[Dictionary]) -> void:
	_wanted = wanted


func open(timeline: PlaytestTimeline, frames: Callable) -> Result:
	for i: int in _wanted.size():
		var place: String = "signals[%d]" % i
		var found: Result = RuntimeNodes.require(str(_wanted[i]["node"]))
		if found.failed():
			return found.within(place)
		var node: Node = found.value
		var name: StringName = StringName(_wanted[i]["signal"])
		var info: Result = NodeSignals.require(node, str(name), str(_wanted[i]["node"]))
		if info.failed():
			return info.within(place)
		var watch: SignalWatch = SignalWatch.new(i, node, name, str(_wanted[i]["node"]), frames)
		if not watch.start((info.value["args"] as Array).size()):
			return Result.fail("INVALID_PARAMS", "%s: '%s' has too many arguments to watch." % [place, name])
		_watches.append(watch)
		_cursors.append(watch.next_seq())
	return super(timeline, frames)


func poll(_frame: int, _forced: bool) -> void:
	for i: int in _watches.size():
		var watch: SignalWatch = _watches[i]
		for event: Dictionary in watch.events_since(_cursors[i]):
			var args: String = JSON.stringify(event["args"], "", true).trim_prefix("[").trim_suffix("]")
			_timeline.add(int(event["frame"]), "signal", "%s.%s(%s)" % [watch.node_path, watch.signal_name, args])
		_cursors[i] = watch.next_seq()


func close() -> void:
	for watch: SignalWatch in _watches:
		watch.stop()
