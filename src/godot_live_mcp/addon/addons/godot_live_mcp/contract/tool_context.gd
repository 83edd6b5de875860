@tool
class_name MCPToolkitToolContext
extends RefCounted
## Handed to cancellable handlers as their second argument; scoped to one call.

## Emitted once when the caller cancels the request or its deadline passes.
signal cancelled

var _cancelled: bool = false


func is_cancelled() -> bool:
	return _cancelled


func cancel() -> void:
	if _cancelled:
		return
	_cancelled = true
	cancelled.emit()
