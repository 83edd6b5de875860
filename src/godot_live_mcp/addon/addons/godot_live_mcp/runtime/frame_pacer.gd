@tool
extends RefCounted
## Paces a game that runs under --fixed-fps (which removes every wait of the engine's own) to real
## time, or to a multiple of it: each frame ends at a deadline one frame length after the last one
## (export-clean). Pure arithmetic on the clock readings it is given, so it is tested without a game.

## The editor sets this in the game's environment when it starts the game with --fixed-fps N.
const FIXED_FPS_ENV := "GODOT_LIVE_MCP_FIXED_FPS"
## Further behind than this many frames (a step, a long request), the pacer starts afresh from now
## instead of rushing through the frames it missed.
const MAX_LAG_FRAMES := 4

var fps: int = 0
var speed: float = 1.0
var _deadline_usec: int = -1


## The frame rate the editor asked for in this game's environment, 0 when the game is not unthrottled.
static func fixed_fps_of_this_game() -> int:
	return maxi(0, OS.get_environment(FIXED_FPS_ENV).to_int())


func _init(frames_per_second: int, times_real_time: float = 1.0) -> void:
	fps = frames_per_second
	speed = times_real_time


## Whether frames are paced at all (speed 0: as fast as the machine runs).
func is_pacing() -> bool:
	return fps > 0 and speed > 0.0


## Real time one frame lasts at this speed.
func frame_usec() -> int:
	return roundi(1000000.0 / (fps * speed)) if is_pacing() else 0


func set_speed(times_real_time: float) -> void:
	speed = times_real_time
	reset()


## Forget the schedule: the next frame is paced from the moment it ends.
func reset() -> void:
	_deadline_usec = -1


## How long to wait now (microseconds) so that the frame ending at now_usec ends on its deadline.
func delay_for(now_usec: int) -> int:
	if not is_pacing():
		return 0
	var length: int = frame_usec()
	if _deadline_usec < 0 or now_usec - _deadline_usec > length * MAX_LAG_FRAMES:
		_deadline_usec = now_usec
		return 0
	_deadline_usec += length
	return maxi(0, _deadline_usec - now_usec)
