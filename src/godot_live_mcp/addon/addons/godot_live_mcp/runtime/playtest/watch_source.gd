@tool
extends "res://addons/godot_live_mcp/runtime/playtest/timeline_source.gd"
## The script's watched expressions: read every watch_every frames and at the end of each step, an
## event each time the rendered value changes (a failing read renders as its error).

const Condition := preload("res://addons/godot_live_mcp/runtime/conditions/condition.gd")
const ConditionScope := preload("res://addons/godot_live_mcp/runtime/conditions/condition_scope.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const PlaytestValues := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_values.gd")

var _texts: PackedStringArray
var _watches: Array[Condition]
var _every: int
var _last: PackedStringArray = PackedStringArray()


func _init(texts: PackedStringArray, watches: Array[Condition], every: int) -> void:
	_texts = texts
	_watches = watches
	_every = every


func poll(frame: int, forced: bool) -> void:
	if not forced and frame % _every != 0:
		return
	var scope: ConditionScope = ConditionScope.new(RuntimeNodes.scene_root())
	var first: bool = _last.is_empty()  # frame 0 reports every watch
	_last.resize(_watches.size())
	for i: int in _watches.size():
		var now: Result = _watches[i].evaluate(scope)
		var shown: String = PlaytestValues.render(now.value) if now.succeeded() else "error: " + now.message
		if first or shown != _last[i]:
			_last[i] = shown
			_timeline.add(frame, "watch", "%s = %s" % [_texts[i], shown])
