@tool
extends RefCounted
## Records the emissions of one signal of one node, with their arguments, in a bounded list
## (export-clean). Signals of any arity up to MAX_ARGS are caught by one receiver with that many parameters.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")

const MAX_ARGS := 8
const CAPACITY := 1000

var id: int
var node: Node
var signal_name: StringName
var node_path: String
var dropped: int = 0
var _events: Array[Dictionary] = []
var _next_seq: int = 1
var _frames: Callable
var _arity: int = 0


## frames: () -> int, the game frame number stamped on each event.
func _init(watch_id: int, target: Node, name: StringName, path: String, frames: Callable) -> void:
	id = watch_id
	node = target
	signal_name = name
	node_path = path
	_frames = frames


## Connects the receiver; false when the signal has more than MAX_ARGS arguments.
func start() -> bool:
	for info: Dictionary in node.get_signal_list():
		if StringName(info["name"]) == signal_name:
			_arity = (info["args"] as Array).size()
			break
	if _arity > MAX_ARGS:
		return false
	node.connect(signal_name, _on_emitted)
	return true


func stop() -> void:
	if is_instance_valid(node) and node.is_connected(signal_name, _on_emitted):
		node.disconnect(signal_name, _on_emitted)


func next_seq() -> int:
	return _next_seq


## Events with seq >= cursor, oldest first (those kept hold the seqs just before _next_seq).
func events_since(cursor: int) -> Array[Dictionary]:
	return _events.slice(maxi(0, cursor - (_next_seq - _events.size())))


func _record(args: Array) -> void:
	# Serialized now: an argument may be freed before anyone reads the event.
	var event: Dictionary = {"seq": _next_seq, "frame": int(_frames.call()), "time_ms": Time.get_ticks_msec()}
	event["args"] = Coercion.to_json(args)
	_events.append(event)
	_next_seq += 1
	if _events.size() > CAPACITY:
		_events.pop_front()
		dropped += 1


## Every emission: a signal of n arguments fills the first n parameters, the rest keep their default.
func _on_emitted(
	a: Variant = null,
	b: Variant = null,
	c: Variant = null,
	d: Variant = null,
	e: Variant = null,
	f: Variant = null,
	g: Variant = null,
	h: Variant = null,
) -> void:
	_record([a, b, c, d, e, f, g, h].slice(0, _arity))
