@tool
class_name MCPToolkitToolContext
extends RefCounted
## Handed to cancellable handlers as their second argument; scoped to one call.

## Emitted once when the caller cancels the request or its deadline passes.
signal cancelled

var _cancelled: bool = false
var _reporter: Callable = Callable()


func is_cancelled() -> bool:
	return _cancelled


func cancel() -> void:
	if _cancelled:
		return
	_cancelled = true
	cancelled.emit()


## Tells the caller how far the call got: done of total (0 when the total is unknown), and what it
## does now. done should grow from one report to the next; a few reports a call are plenty.
func report_progress(done: float, total: float = 0.0, message: String = "") -> void:
	if _reporter.is_valid() and not _cancelled:
		_reporter.call(done, total, message)


## Where report_progress goes: reporter(done, total, message); set by whoever runs the call.
func set_progress_reporter(reporter: Callable) -> void:
	_reporter = reporter
