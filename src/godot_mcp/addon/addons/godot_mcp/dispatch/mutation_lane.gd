@tool
extends RefCounted
## Runs serialized commands one at a time in arrival order. A job that must wait is told its
## place; the lane hands its turn straight to the next waiter so nobody can overtake.


class Ticket:
	extends RefCounted
	signal turn


var _busy: bool = false
var _waiting: Array[Ticket] = []


func waiting_count() -> int:
	return _waiting.size()


func is_busy() -> bool:
	return _busy


## Awaits job (a Callable returning a Dictionary, possibly a coroutine) when its turn comes.
## on_queued(position: int) is called if it must wait; on_started() when a waiting job starts.
func run(job: Callable, on_queued: Callable, on_started: Callable) -> Dictionary:
	if _busy:
		var ticket: Ticket = Ticket.new()
		_waiting.append(ticket)
		on_queued.call(_waiting.size())
		await ticket.turn
		on_started.call()
	_busy = true
	var result: Dictionary = await job.call()
	_hand_over()
	return result


func _hand_over() -> void:
	if _waiting.is_empty():
		_busy = false
		return
	var next: Ticket = _waiting.pop_front()
	next.turn.emit()
