@tool
extends RefCounted
## Holds the deadline of the serialized command in flight. Its owner calls tick() every frame,
## whatever the request pump is doing, so a wedged command is cut on time.

var _deadline_ms: int = 0
var _on_expire: Callable = Callable()


## Calls on_expire once, from tick(), if disarm() has not been called within timeout_ms.
func arm(timeout_ms: int, on_expire: Callable) -> void:
	_deadline_ms = Time.get_ticks_msec() + timeout_ms
	_on_expire = on_expire


## The command finished in time: nothing will fire.
func disarm() -> void:
	_on_expire = Callable()


## Fires the expiry handler when the deadline has passed; disarmed before the call, so the
## handler may arm again.
func tick() -> void:
	if not _on_expire.is_valid() or Time.get_ticks_msec() < _deadline_ms:
		return
	var expire: Callable = _on_expire
	_on_expire = Callable()
	expire.call()
