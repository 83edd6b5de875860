@tool
extends RefCounted
## Finished calls, passed on in batches: the dock that lists them costs the editor a frame per
## change (a slow one when it draws in software), and a request arriving meanwhile waits for it.
## So they are held while requests flow, and passed on once requests pause for QUIET_MS or the
## first has waited HOLD_MS.

const QUIET_MS := 150
const HOLD_MS := 2000

var _held: Array[Array] = []  # [method, duration_ms, succeeded], the arguments of call_finished
var _held_since_ms: int = -1
var _last_busy_ms: int = 0


func hold(method: String, duration_ms: float, succeeded: bool) -> void:
	_held.append([method, duration_ms, succeeded])


## Called once per frame (now_ms: Time.get_ticks_msec()) with whether requests arrived or are still
## running; calls on_finished(method, duration_ms, succeeded) for each held call when it is time.
func pass_on(busy: bool, now_ms: int, on_finished: Callable) -> void:
	_last_busy_ms = now_ms if busy else _last_busy_ms
	_held_since_ms = now_ms if _held_since_ms < 0 and not _held.is_empty() else _held_since_ms
	if _held.is_empty() or (now_ms - _last_busy_ms < QUIET_MS and now_ms - _held_since_ms < HOLD_MS):
		return
	var batch: Array[Array] = _held
	_held = []
	_held_since_ms = -1
	for arguments: Array in batch:
		on_finished.callv(arguments)
