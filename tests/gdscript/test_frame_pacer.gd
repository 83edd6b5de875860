extends "unit_test.gd"
## FramePacer: frames of an unthrottled game end on real-time deadlines, whatever each one cost.

const FramePacer := preload("res://addons/godot_live_mcp/runtime/frame_pacer.gd")


## The clock readings at which frames costing work_usec each end, once paced: a simulated game loop.
func frame_ends(pacer: FramePacer, frames: int, work_usec: int, start_usec: int = 1000000) -> Array[int]:
	var now: int = start_usec
	var ends: Array[int] = []
	for _frame: int in frames:
		now += work_usec
		now += pacer.delay_for(now)
		ends.append(now)
	return ends


func test_frames_are_paced_to_real_time_whatever_they_cost() -> void:
	for work_usec: int in [0, 1000, 16000]:
		var ends: Array[int] = frame_ends(FramePacer.new(60), 61, work_usec)
		equal(ends[60] - ends[0], 1000020, "60 frames at 60 fps after %d us of work each" % work_usec)


func test_speed_multiplies_the_pace() -> void:
	var pacer: FramePacer = FramePacer.new(60, 4.0)
	equal(pacer.frame_usec(), 4167, "a quarter of a 60 fps frame")
	var ends: Array[int] = frame_ends(pacer, 241, 500)
	equal(ends[240] - ends[0], 240 * 4167, "240 frames in a second")


func test_speed_zero_and_an_unthrottled_rate_never_wait() -> void:
	var flat_out: FramePacer = FramePacer.new(60, 0.0)
	check(not flat_out.is_pacing(), "speed 0 does not pace")
	equal(frame_ends(flat_out, 10, 100)[9], 1001000, "ten frames of 100 us, back to back")
	check(not FramePacer.new(0).is_pacing(), "a game not started unthrottled is not paced")
	equal(FramePacer.new(0).delay_for(5), 0, "no wait")


func test_a_long_frame_is_not_made_up_for_by_rushing_the_next_ones() -> void:
	var pacer: FramePacer = FramePacer.new(60)
	frame_ends(pacer, 3, 100)
	var after_stall: int = 5000000
	equal(pacer.delay_for(after_stall), 0, "the late frame ends when it ends")
	equal(pacer.delay_for(after_stall + 100), 16567, "the next one is paced from there")


func test_a_slightly_late_frame_is_made_up_within_the_next() -> void:
	var pacer: FramePacer = FramePacer.new(60)
	var start: int = 1000000
	pacer.delay_for(start)
	equal(pacer.delay_for(start + 20000), 0, "3.3 ms late")
	equal(pacer.delay_for(start + 20100), 13234, "ends on its own deadline, two frames after the start")


func test_reset_and_set_speed_start_the_schedule_afresh() -> void:
	var pacer: FramePacer = FramePacer.new(60)
	pacer.delay_for(1000000)
	pacer.set_speed(2.0)
	equal(pacer.delay_for(1000100), 0, "a new speed starts from now")
	equal(pacer.delay_for(1000200), 8233, "then paces at twice real time")
	pacer.reset()
	equal(pacer.delay_for(1000300), 0, "after a reset, from now again")
