@tool
extends RefCounted
## Adapts the editor's low-processor sleep: short while requests flow, so a call costs about a
## millisecond instead of a frame of 7-100 ms, and the user's own value again once idle.

const FAST_SLEEP_USEC := 200
const IDLE_AFTER_MS := 1000

var _fast: bool = false
var _user_sleep_usec: int = OS.low_processor_usage_mode_sleep_usec
var _last_active_ms: int = 0


## Called once per frame with whether requests arrived or are still running.
func note(active: bool) -> void:
	var now: int = Time.get_ticks_msec()
	if active:
		_last_active_ms = now
		_go_fast()
	elif _fast and now - _last_active_ms > IDLE_AFTER_MS:
		restore()
	elif _fast and OS.low_processor_usage_mode_sleep_usec != FAST_SLEEP_USEC:
		# The editor resets the value when its window gains or loses focus: adopt that as the
		# user's value and stay fast until idle.
		_user_sleep_usec = OS.low_processor_usage_mode_sleep_usec
		OS.low_processor_usage_mode_sleep_usec = FAST_SLEEP_USEC


func restore() -> void:
	if _fast:
		OS.low_processor_usage_mode_sleep_usec = _user_sleep_usec
		_fast = false


func _go_fast() -> void:
	if _fast:
		return
	_user_sleep_usec = OS.low_processor_usage_mode_sleep_usec
	OS.low_processor_usage_mode_sleep_usec = FAST_SLEEP_USEC
	_fast = true
