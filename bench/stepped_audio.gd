extends SceneTree
## bench/stepped_audio.py runs this in a plain headless game under --fixed-fps 60. It prints one line
## per figure, "figure <name> <value>": the stepped frame a sound of each length finishes at, with
## and without the audio watch, and what the watch costs per player and stepped frame.

const AudioWatch := preload("res://addons/godot_live_mcp/runtime/audio_watch.gd")

const FRAMES := 600
const REPEATS := 5


func _initialize() -> void:
	_run.call_deferred()


func _run() -> void:
	for seconds: float in [0.25, 0.5, 1.0]:
		print("figure finished_frame_stepped_%s %d" % [seconds, _stepped_finish(seconds)])
		print("figure finished_frame_unwatched_%s %d" % [seconds, await _unwatched_finish(seconds)])
	for count: int in [10, 100]:
		for playing: bool in [false, true]:
			print("figure us_per_%s_player_%d %.2f" % ["playing" if playing else "idle", count, _cost(count, playing)])
	quit()


func _silence(seconds: float) -> AudioStreamWAV:
	var wav: AudioStreamWAV = AudioStreamWAV.new()
	wav.format = AudioStreamWAV.FORMAT_16_BITS
	wav.mix_rate = 44100
	var data: PackedByteArray = PackedByteArray()
	data.resize(roundi(44100 * seconds) * 2)
	wav.data = data
	return wav


func _players(count: int, seconds: float) -> Array[AudioStreamPlayer]:
	var players: Array[AudioStreamPlayer] = []
	for _index: int in count:
		var player: AudioStreamPlayer = AudioStreamPlayer.new()
		player.stream = _silence(seconds)
		root.add_child(player)
		players.append(player)
	return players


func _clear(players: Array[AudioStreamPlayer]) -> void:
	for player: AudioStreamPlayer in players:
		player.free()


## The stepped frame a sound started in frame 0 finishes at, stepped by the watch (-1: never).
func _stepped_finish(seconds: float) -> int:
	var watch: AudioWatch = AudioWatch.new()
	watch.attach(self)
	var players: Array[AudioStreamPlayer] = _players(1, seconds)
	var from: int = watch.mark()
	watch.begin_step(0)
	players[0].play()
	for frame: int in range(1, FRAMES + 1):
		watch.advance(frame)
	watch.release()
	_clear(players)
	for event: Dictionary in watch.events_since(from):
		if event["event"] == "finished":
			return event["frame"]
	return -1


## The physics frame the engine's own `finished` comes at when frames run unthrottled (-1: not in FRAMES).
func _unwatched_finish(seconds: float) -> int:
	var players: Array[AudioStreamPlayer] = _players(1, seconds)
	players[0].play()
	var started: int = Engine.get_physics_frames()
	var finished_at: int = -1
	while Engine.get_physics_frames() - started < FRAMES:
		await physics_frame
		if not players[0].playing:
			finished_at = Engine.get_physics_frames() - started
			break
	_clear(players)
	return finished_at


## Microseconds the watch spends per player and stepped frame (median of REPEATS runs of FRAMES).
func _cost(count: int, playing: bool) -> float:
	var runs: Array[float] = []
	for _repeat: int in REPEATS:
		var watch: AudioWatch = AudioWatch.new()
		watch.attach(self)
		var players: Array[AudioStreamPlayer] = _players(count, 60.0)
		if playing:
			for player: AudioStreamPlayer in players:
				player.play()
		var start_usec: int = Time.get_ticks_usec()
		watch.begin_step(0)
		for frame: int in range(1, FRAMES + 1):
			watch.advance(frame)
		watch.end_step(FRAMES)
		watch.release()
		runs.append((Time.get_ticks_usec() - start_usec) / float(FRAMES * count))
		_clear(players)
	runs.sort()
	return runs[REPEATS / 2]
