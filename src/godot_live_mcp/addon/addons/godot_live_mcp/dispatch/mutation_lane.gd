@tool
extends RefCounted
## Runs serialized commands (mutating or exclusive) one at a time in arrival order. A job that must
## wait is told its place; the lane hands its turn straight to the next waiter so nobody can
## overtake. A job past its deadline is cut by the watchdog: its context is cancelled, the
## generation moves on so the stale job's tail changes nothing, and the next job starts.

const MutationWatchdog := preload("res://addons/godot_live_mcp/dispatch/mutation_watchdog.gd")
const UndoLedger := preload("res://addons/godot_live_mcp/authoring/undo_ledger.gd")


class Ticket:
	extends RefCounted
	signal turn


## One serialized command: the work, its context and deadline, and whom to tell what.
class Job:
	extends RefCounted
	## func() -> Dictionary, possibly a coroutine: runs the command and returns its envelope.
	var work: Callable
	var context: MCPToolkitToolContext
	var timeout_ms: int
	## func(position: int) -> void, when the job must wait behind position others.
	var on_queued: Callable = func(_position: int) -> void: pass
	## func() -> void, when a job that waited starts.
	var on_started: Callable = func() -> void: pass
	## func() -> void, when the watchdog cut the job (the caller answers TIMEOUT).
	var on_expired: Callable = func() -> void: pass

	func _init(job_work: Callable, job_context: MCPToolkitToolContext, job_timeout_ms: int) -> void:
		work = job_work
		context = job_context
		timeout_ms = job_timeout_ms


var watchdog: MutationWatchdog = MutationWatchdog.new()
var _busy: bool = false
var _waiting: Array[Ticket] = []
var _generation: int = 0
var _undo: UndoLedger


## undo: the editor's ledger, whose batch a command cut by its deadline must take back.
func _init(undo: UndoLedger) -> void:
	_undo = undo


## The job's envelope when it ran; CANCELLED when it was cancelled before its turn; {} when the
## watchdog cut it (on_expired has answered for it then).
func run(job: Job) -> Dictionary:
	if _busy:
		await _wait_turn(job)
		if job.context.is_cancelled():
			_hand_over()
			return MCPToolkitError.fail("CANCELLED", "The request was cancelled while it waited for its turn.")
		job.on_started.call()
	_busy = true
	_generation += 1
	var generation: int = _generation
	watchdog.arm(job.timeout_ms, _expire.bind(generation, job))
	var result: Dictionary = await job.work.call()
	if generation != _generation:
		return {}
	watchdog.disarm()
	_hand_over()
	return result


func _wait_turn(job: Job) -> void:
	var ticket: Ticket = Ticket.new()
	_waiting.append(ticket)
	job.on_queued.call(_waiting.size())
	await ticket.turn


func _expire(generation: int, job: Job) -> void:
	if generation != _generation:
		return
	_generation += 1
	job.on_expired.call()
	_undo.cut_collection()  # before the next command can act
	job.context.cancel()
	_hand_over()


func _hand_over() -> void:
	if _waiting.is_empty():
		_busy = false
		return
	var next: Ticket = _waiting.pop_front()
	next.turn.emit()
