extends "unit_test.gd"
## TimeControl: a step draws nothing, and leaves the game's own drawing setting as it found it (a game on
## the private display draws on demand only; a run of steps must not turn its drawing back on).

const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")


func clock() -> TimeControl:
	var control: TimeControl = made(TimeControl.new())
	(Engine.get_main_loop() as SceneTree).root.add_child(control)
	return control


func test_steps_keep_a_game_that_draws_on_demand_so() -> void:
	var control: TimeControl = clock()
	RenderingServer.render_loop_enabled = false
	control.begin_step(5)
	control.begin_step(5)  # a second step before the first ended
	control.pause()
	equal(RenderingServer.render_loop_enabled, false, "drawing stays on demand after the steps")
	RenderingServer.render_loop_enabled = true


func test_steps_keep_a_game_that_draws_every_frame_so() -> void:
	var control: TimeControl = clock()
	RenderingServer.render_loop_enabled = true
	control.begin_step(5)
	equal(RenderingServer.render_loop_enabled, false, "nothing is drawn during the step")
	control.pause()
	equal(RenderingServer.render_loop_enabled, true, "drawing every frame again after it")
