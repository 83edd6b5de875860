@tool
extends RefCounted
## Records the emissions of one signal of one node, with their arguments, in a bounded list
## (export-clean). Signals of any arity up to MAX_ARGS are caught by a receiver of that arity, so an
## emission with another argument count fails in the engine, as with any receiver, and is not recorded.

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
var _receiver: Callable


## frames: () -> int, the game frame number stamped on each event.
func _init(watch_id: int, target: Node, name: StringName, path: String, frames: Callable) -> void:
	id = watch_id
	node = target
	signal_name = name
	node_path = path
	_frames = frames


## Connects the receiver of the signal's arity (the size of its get_signal_list() entry's "args");
## false when that is over MAX_ARGS.
func start(arity: int) -> bool:
	if arity > MAX_ARGS:
		return false
	_receiver = Callable(self, "_on_%d" % arity)
	node.connect(signal_name, _receiver)
	return true


func stop() -> void:
	if is_instance_valid(node) and node.is_connected(signal_name, _receiver):
		node.disconnect(signal_name, _receiver)


func next_seq() -> int:
	return _next_seq


## Events with seq >= cursor, oldest first (those kept hold the seqs just before _next_seq).
func events_since(cursor: int) -> Array[Dictionary]:
	if cursor >= _next_seq:  # also keeps the offset within the 32 bits Array.slice takes
		return []
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


func _on_0() -> void:
	_record([])


func _on_1(a: Variant) -> void:
	_record([a])


func _on_2(a: Variant, b: Variant) -> void:
	_record([a, b])


func _on_3(a: Variant, b: Variant, c: Variant) -> void:
	_record([a, b, c])


func _on_4(a: Variant, b: Variant, c: Variant, d: Variant) -> void:
	_record([a, b, c, d])


func _on_5(a: Variant, b: Variant, c: Variant, d: Variant, e: Variant) -> void:
	_record([a, b, c, d, e])


func _on_6(a: Variant, b: Variant, c: Variant, d: Variant, e: Variant, f: Variant) -> void:
	_record([a, b, c, d, e, f])


func _on_7(a: Variant, b: Variant, c: Variant, d: Variant, e: Variant, f: Variant, g: Variant) -> void:
	_record([a, b, c, d, e, f, g])


func _on_8(a: Variant, b: Variant, c: Variant, d: Variant, e: Variant, f: Variant, g: Variant, h: Variant) -> void:
	_record([a, b, c, d, e, f, g, h])
