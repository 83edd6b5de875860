extends "unit_test.gd"
## AudioWatch: sounds follow stepped frames, not the wall clock, and each reader gets the events of its steps.

const AudioWatch := preload("res://addons/godot_live_mcp/runtime/audio_watch.gd")

## A quarter of a second: 15 frames at the default 60 physics ticks per second.
const QUARTER_S_FRAMES := 15

var _finished_at: Array[int] = []
var _frame: int = 0


## A watch of the test's tree: it follows the players added from now on.
func attached() -> AudioWatch:
	var watch: AudioWatch = AudioWatch.new()
	watch.attach(Engine.get_main_loop() as SceneTree)
	return watch


## A player in the tree with `seconds` of silence (looping when asked).
func sound(seconds: float, loop: bool = false) -> AudioStreamPlayer:
	var wav: AudioStreamWAV = AudioStreamWAV.new()
	wav.format = AudioStreamWAV.FORMAT_16_BITS
	wav.mix_rate = 44100
	var data: PackedByteArray = PackedByteArray()
	data.resize(roundi(44100 * seconds) * 2)
	wav.data = data
	if loop:
		wav.loop_mode = AudioStreamWAV.LOOP_FORWARD
		wav.loop_end = data.size() / 2
	var player: AudioStreamPlayer = made(AudioStreamPlayer.new())
	player.stream = wav
	player.finished.connect(func() -> void: _finished_at.append(_frame))
	(Engine.get_main_loop() as SceneTree).root.add_child(player)
	return player


## Runs stepped frames first..last (inclusive) as the clock does, each announced at its start.
func step(watch: AudioWatch, first: int, last: int) -> void:
	for frame: int in range(first, last + 1):
		_frame = frame
		watch.advance(frame)


func kinds(events: Array[Dictionary]) -> Array:
	return events.map(func(event: Dictionary) -> Array: return [event["event"], event["frame"]])


func tear_down() -> void:
	_finished_at.clear()
	super.tear_down()


func test_a_sound_finishes_at_the_frame_its_length_says() -> void:
	var watch: AudioWatch = attached()
	var player: AudioStreamPlayer = sound(0.25)
	watch.begin_step(0)
	player.play()  # in frame 0
	step(watch, 1, QUARTER_S_FRAMES - 1)
	equal(_finished_at, [] as Array[int], "not finished before its last frame")
	check(player.playing, "still playing after %d frames" % (QUARTER_S_FRAMES - 1))
	step(watch, QUARTER_S_FRAMES, QUARTER_S_FRAMES + 5)
	watch.release()
	equal(_finished_at, [QUARTER_S_FRAMES] as Array[int], "finished once, at the start of its frame")
	check(not player.playing, "stopped")
	equal(kinds(watch.events_since(0)), [["started", 0], ["finished", QUARTER_S_FRAMES]], "the events")


func test_a_sound_carries_on_from_one_step_to_the_next() -> void:
	var watch: AudioWatch = attached()
	var player: AudioStreamPlayer = sound(0.25)
	watch.begin_step(0)
	player.play()
	for frame: int in range(1, QUARTER_S_FRAMES):  # one-frame steps, each moving the sound on
		step(watch, frame, frame)
		watch.end_step(frame)
		watch.begin_step(frame)
	equal(_finished_at, [] as Array[int], "not finished before its last frame")
	step(watch, QUARTER_S_FRAMES, QUARTER_S_FRAMES)
	watch.release()
	equal(_finished_at, [QUARTER_S_FRAMES] as Array[int], "finished at the same frame as in one step")


func test_double_pitch_ends_in_half_the_frames_and_a_loop_never_ends() -> void:
	var watch: AudioWatch = attached()
	var fast: AudioStreamPlayer = sound(0.25)
	fast.pitch_scale = 2.0
	var looping: AudioStreamPlayer = sound(0.25, true)
	watch.begin_step(0)
	fast.play()
	looping.play()
	step(watch, 1, 4 * QUARTER_S_FRAMES)
	watch.release()
	equal(_finished_at, [8] as Array[int], "only the fast one finished, after ceil(15 / 2) frames")
	check(looping.playing, "the loop plays on")


func test_each_reader_gets_the_events_from_its_own_mark() -> void:
	var watch: AudioWatch = attached()
	var player: AudioStreamPlayer = sound(0.25)
	watch.begin_step(0)
	var from_start: int = watch.mark()
	player.play()
	step(watch, 1, 2)
	var from_stop: int = watch.mark()
	player.stop()  # by the game, in frame 2
	step(watch, 3, 3)
	watch.release()
	equal(kinds(watch.events_since(from_start)), [["started", 0], ["stopped", 2]], "all of them")
	equal(kinds(watch.events_since(from_stop)), [["stopped", 2]], "from the second mark")
	equal(watch.events_since(watch.mark()), [] as Array[Dictionary], "none after the last")
	equal(_finished_at, [] as Array[int], "a stop is no finish")


func test_a_step_slower_than_the_sound_still_ends_it_at_its_frame_once() -> void:
	var watch: AudioWatch = attached()
	var player: AudioStreamPlayer = sound(0.25)
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	watch.begin_step(0)
	player.play()
	for frame: int in range(1, QUARTER_S_FRAMES + 3):  # 30 ms a frame: twice the sound on the wall clock
		step(watch, frame, frame)
		OS.delay_usec(30000)
		await tree.process_frame  # where the engine itself would emit a `finished` of its mixer
	watch.release()
	equal(_finished_at, [QUARTER_S_FRAMES] as Array[int], "once, at its stepped frame")


func test_2d_and_3d_players_follow_stepped_time_too() -> void:
	var watch: AudioWatch = attached()
	var flat: AudioStreamPlayer = sound(0.25)
	var players: Array[Node] = [made(AudioStreamPlayer2D.new()), made(AudioStreamPlayer3D.new())]
	for player: Node in players:
		player.set(&"stream", flat.stream)
		player.connect(&"finished", func() -> void: _finished_at.append(_frame))
		flat.add_sibling(player)
	watch.begin_step(0)
	for player: Node in players:
		player.call(&"play")
	step(watch, 1, QUARTER_S_FRAMES + 1)
	watch.release()
	equal(_finished_at, [QUARTER_S_FRAMES, QUARTER_S_FRAMES] as Array[int], "both at the 15th frame")


func test_a_sound_the_game_pauses_waits_where_it_is() -> void:
	var watch: AudioWatch = attached()
	var player: AudioStreamPlayer = sound(0.25)
	watch.begin_step(0)
	player.play()
	step(watch, 1, 5)
	player.stream_paused = true  # by the game, for ten frames
	step(watch, 6, 15)
	player.stream_paused = false
	step(watch, 16, 2 * QUARTER_S_FRAMES)
	watch.release()
	equal(_finished_at, [QUARTER_S_FRAMES + 10] as Array[int], "ten frames later than unpaused")
	equal(kinds(watch.events_since(0)), [["started", 0], ["finished", 25]], "a pause is no stop")


func test_a_finished_handler_may_free_players_the_step_has_yet_to_look_at() -> void:
	var watch: AudioWatch = attached()
	var first: AudioStreamPlayer = sound(0.25)
	var second: AudioStreamPlayer = sound(1.0)
	first.finished.connect(func() -> void: second.free())  # a coin taking its other sounds with it
	watch.begin_step(0)
	first.play()
	second.play()
	step(watch, 1, 2 * QUARTER_S_FRAMES)
	watch.release()
	equal(_finished_at, [QUARTER_S_FRAMES] as Array[int], "the first finished, the second went")
	equal(kinds(watch.events_since(0)), [["started", 0], ["started", 0], ["finished", 15]], "the events")
