@tool
extends Node
## Pause, resume and exact stepping of the game's physics frames (export-clean).
## A step runs only whole physics frames: the tree is unpaused between requests and paused again
## at the start of the frame after the last one asked for, before any node processes it, so the
## physics server's own step of the last frame still happens. Same start + same steps = same state.
## A game started by game_start runs under --fixed-fps: steps run as fast as the machine allows
## (nothing is drawn meanwhile), and every other frame is paced to real time times speed.
## Audio follows the steps, not the wall clock (see audio_watch.gd).

## The running step finished: by count, by its condition, or cut short (cancelled, paused, resumed).
signal step_finished
## The running step began its frame number stepped (1 for the first).
signal frame_stepped(stepped: int)

const FramePacer := preload("res://addons/godot_live_mcp/runtime/frame_pacer.gd")
const AudioWatch := preload("res://addons/godot_live_mcp/runtime/audio_watch.gd")

## Physics frames the game itself processed (paused frames do not count) since the server started.
var game_frames: int = 0
## The audio players, held to stepped time during steps; its events are what they did in them.
var audio: AudioWatch = AudioWatch.new()
var _remaining: int = 0
var _stepped: int = 0
var _stepping: bool = false
var _until: Callable
var _condition_met: bool = false
var _scheduled: Dictionary = {}  # game frame -> Array[Callable], run just before it is processed
var _in_frame_start: bool = false
## Whether the game drew every frame before the step (one on the private display draws on demand only).
var _drew_before_step: bool = true
var _pacer: FramePacer = FramePacer.new(FramePacer.fixed_fps_of_this_game())


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	get_tree().physics_frame.connect(_on_physics_frame)
	audio.attach(get_tree())


## A game that quits in a step leaves the mixer as it found it.
func _exit_tree() -> void:
	audio.release()


## Outside steps, ends each frame on its real-time deadline (the engine itself does not wait).
func _process(_delta: float) -> void:
	if _stepping:
		return
	var wait_usec: int = _pacer.delay_for(Time.get_ticks_usec())
	if wait_usec > 0:
		OS.delay_usec(wait_usec)


## Whether this game runs unthrottled (started by game_start), so that speed applies.
func is_fast_forward() -> bool:
	return _pacer.fps > 0


## How many times real time the game runs when not stepping (0: as fast as it can).
func speed() -> float:
	return _pacer.speed


func set_speed(times_real_time: float) -> void:
	_pacer.set_speed(times_real_time)


func is_paused() -> bool:
	return get_tree().paused


func is_stepping() -> bool:
	return _stepping


## Pauses the game; a step in progress ends there, with the frames it ran.
func pause() -> void:
	_set_paused(true)


## Lets the game run on; a step in progress ends there, with the frames it ran.
func resume() -> void:
	_set_paused(false)


## Starts a step of at most frames physics frames; until (optional, () -> bool) is checked after
## each frame and ends the step early when true.
func begin_step(frames: int, until: Callable = Callable()) -> void:
	_remaining = frames
	_stepped = 0
	_until = until
	_condition_met = false
	# Drawing is what a step would spend most on with a display; the frames are the same without it.
	# A step that follows a step (not yet ended) keeps the game's own setting from before the first.
	_drew_before_step = _drew_before_step if _stepping else RenderingServer.render_loop_enabled
	_stepping = true
	RenderingServer.render_loop_enabled = false
	get_tree().paused = false
	audio.begin_step(game_frames)


## Ends a running step now (a deadline passed, or its caller went away); the game stays paused.
func cancel_step() -> void:
	if _stepping:
		pause()


func frames_stepped() -> int:
	return _stepped


func condition_met() -> bool:
	return _condition_met


## Runs action just before game frame `frame` is processed (now-ish if that frame is past).
func schedule(frame: int, action: Callable) -> void:
	var at: int = maxi(frame, game_frames + 1)
	if not _scheduled.has(at):
		_scheduled[at] = []
	(_scheduled[at] as Array).append(action)


func cancel_scheduled() -> void:
	_scheduled.clear()


## The first game frame that sees input arriving now: this one while a frame is starting (its
## scheduled input is being delivered), else the next one.
func input_frame() -> int:
	return game_frames if _in_frame_start else game_frames + 1


## Counts and bounds frames at their very start: the last frame asked for has finished in full
## (nodes and physics server) by the time the next one begins.
func _on_physics_frame() -> void:
	if _stepping:
		_check_step()
	if get_tree().paused:
		return
	game_frames += 1
	if _stepping:
		audio.advance(game_frames)
	_in_frame_start = true
	for action: Callable in _scheduled.get(game_frames, []):
		action.call()
	_in_frame_start = false
	_scheduled.erase(game_frames)


func _check_step() -> void:
	if _stepped > 0 and _until.is_valid() and bool(_until.call()):
		_condition_met = true
		_remaining = 0
	if _remaining <= 0:
		pause()
		return
	_remaining -= 1
	_stepped += 1
	frame_stepped.emit(_stepped)


func _set_paused(paused: bool) -> void:
	if _stepping:
		audio.end_step(game_frames)
	get_tree().paused = paused
	if _stepping:
		_finish()


func _finish() -> void:
	_stepping = false
	_remaining = 0
	_until = Callable()
	RenderingServer.render_loop_enabled = _drew_before_step
	audio.release()
	_pacer.reset()
	step_finished.emit()
