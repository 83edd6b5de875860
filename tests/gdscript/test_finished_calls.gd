extends "unit_test.gd"
## FinishedCalls: calls finished during a burst of requests reach the dock together, once requests pause.

const FinishedCalls := preload("res://addons/godot_live_mcp/transport/finished_calls.gd")

var _passed_on: Array[String] = []


func _note(method: String, _duration_ms: float, _succeeded: bool) -> void:
	_passed_on.append(method)


## One frame a millisecond from start_ms, busy on each, a call finishing every fifth: the held calls.
func burst(calls: FinishedCalls, start_ms: int, frames: int) -> void:
	for frame: int in frames:
		if frame % 5 == 0:
			calls.hold("editor.get_info", 1.0, true)
		calls.pass_on(true, start_ms + frame, _note)


func test_calls_of_a_burst_are_passed_on_together_once_requests_pause() -> void:
	_passed_on.clear()
	var calls: FinishedCalls = FinishedCalls.new()
	burst(calls, 1000, 500)
	equal(_passed_on.size(), 0, "nothing while requests flow")
	calls.pass_on(false, 1499 + FinishedCalls.QUIET_MS - 1, _note)
	equal(_passed_on.size(), 0, "nor before the pause is QUIET_MS long")
	calls.pass_on(false, 1499 + FinishedCalls.QUIET_MS, _note)
	equal(_passed_on.size(), 100, "every call of the burst at once")
	calls.pass_on(false, 5000, _note)
	equal(_passed_on.size(), 100, "each once")


func test_a_long_burst_passes_its_calls_on_every_hold_ms() -> void:
	_passed_on.clear()
	var calls: FinishedCalls = FinishedCalls.new()
	burst(calls, 1000, FinishedCalls.HOLD_MS * 3)
	# Each batch: the calls of HOLD_MS of requests, both ends included.
	equal(_passed_on.size(), 2 * (FinishedCalls.HOLD_MS / 5 + 1), "two batches in three HOLD_MS of requests")
