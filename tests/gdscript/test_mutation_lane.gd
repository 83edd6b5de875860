extends "unit_test.gd"
## The mutation lane: serialized commands one at a time, in arrival order, cut by the watchdog.

const MutationLane := preload("res://addons/godot_live_mcp/dispatch/mutation_lane.gd")
const UndoBatch := preload("res://addons/godot_live_mcp/authoring/undo_batch.gd")
const UndoLedger := preload("res://addons/godot_live_mcp/authoring/undo_ledger.gd")


## Holds a job until opened.
class Gate:
	extends RefCounted
	signal opened

	func open() -> void:
		opened.emit()


var _undo: UndoLedger = UndoLedger.new()
var _lane: MutationLane = MutationLane.new(_undo)
var _log: Array[String] = []
var _answers: Dictionary = {}


func test_a_job_runs_and_its_envelope_comes_back() -> void:
	var answer: Dictionary = await _lane.run(_job("only", null))
	equal(answer, {"success": true, "name": "only"}, "answer")
	equal(_log, ["start only", "end only"], "log")


func test_a_second_job_waits_its_turn_and_is_told_its_place() -> void:
	var gate: Gate = Gate.new()
	var first: MutationLane.Job = _job("first", gate)
	var second: MutationLane.Job = _job("second", null)
	var places: Array[int] = []
	second.on_queued = func(place: int) -> void: places.append(place)
	second.on_started = func() -> void: _log.append("second started")
	_start(first, "first")
	_start(second, "second")
	equal(_log, ["start first"], "the second has not started")
	equal(places, [1], "its place")
	gate.open()
	await _frames(2)
	equal(_log, ["start first", "end first", "second started", "start second", "end second"], "order")
	equal(_answers.size(), 2, "both answered")


func test_a_job_cancelled_while_waiting_answers_cancelled_and_never_runs() -> void:
	var gate: Gate = Gate.new()
	var waiting: MutationLane.Job = _job("waiting", null)
	_start(_job("holder", gate), "holder")
	_start(waiting, "waiting")
	waiting.context.cancel()
	gate.open()
	await _frames(2)
	equal(_answers["waiting"]["code"], "CANCELLED", "answer")
	check(not _log.has("start waiting"), "it never ran")


func test_the_watchdog_cuts_a_job_past_its_deadline_and_the_next_one_runs() -> void:
	var gate: Gate = Gate.new()
	var stuck: MutationLane.Job = _job("stuck", gate, 1)
	var expired: Array[bool] = []
	stuck.on_expired = func() -> void: expired.append(true)
	_start(stuck, "stuck")
	_start(_job("next", null), "next")
	OS.delay_msec(5)
	_lane.watchdog.tick()
	await _frames(2)
	equal(expired, [true], "on_expired")
	check(stuck.context.is_cancelled(), "its context is cancelled")
	equal(_answers.get("next", {}).get("success"), true, "the next job ran")
	gate.open()
	await _frames(1)
	equal(_answers["stuck"], {}, "the stale tail answers nothing")


func test_a_batch_cut_by_its_deadline_takes_its_steps_back_before_the_next_job_runs() -> void:
	var gate: Gate = Gate.new()
	var batch: UndoBatch = UndoBatch.new()
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.new()
	step.undo_calls.append(func() -> void: _log.append("step undone"))
	batch.committed(step)
	_undo.collect_into(batch)
	var next: MutationLane.Job = _job("next", null)
	next.on_started = func() -> void: _log.append("collecting: %s" % _undo.is_collecting())
	_start(_job("batch", gate, 1), "batch")
	_start(next, "next")
	OS.delay_msec(5)
	_lane.watchdog.tick()
	await _frames(2)
	check(batch.cut, "the batch knows it was cut")
	equal(_log.slice(0, 3), ["start batch", "step undone", "collecting: false"], "undone first, then the next job")
	gate.open()
	await _frames(1)
	_undo.collect_into(null)


func test_a_disarmed_watchdog_never_fires() -> void:
	var fired: Array[bool] = []
	_lane.watchdog.arm(0, func() -> void: fired.append(true))
	_lane.watchdog.disarm()
	OS.delay_msec(2)
	_lane.watchdog.tick()
	equal(fired, [], "fired")


func _job(name: String, gate: Gate, timeout_ms: int = 10000) -> MutationLane.Job:
	var work: Callable = func() -> Dictionary:
		_log.append("start " + name)
		if gate != null:
			await gate.opened
		_log.append("end " + name)
		return {"success": true, "name": name}
	return MutationLane.Job.new(work, MCPToolkitToolContext.new(), timeout_ms)


## Runs job without waiting for it; its answer lands in _answers[name].
func _start(job: MutationLane.Job, name: String) -> void:
	var run: Callable = func() -> void: _answers[name] = await _lane.run(job)
	run.call()


func _frames(count: int) -> void:
	for _i: int in count:
		await (Engine.get_main_loop() as SceneTree).process_frame
