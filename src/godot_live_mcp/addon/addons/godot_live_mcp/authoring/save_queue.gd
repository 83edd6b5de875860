@tool
extends RefCounted
## The saves extensions queued with MCPToolkitSafeSceneOps.queue_save, one queue per editor
## (EditorServices): each runs after the handler that queued it returns, and keeps its outcome until
## check_save clears it.

var _queued: Dictionary = {}  # save id -> {"done": bool, "success": bool, "result": Dictionary}
var _next_id: int = 1


## Runs save (a Callable answering a save envelope) after the current handler returns; its id.
func queue(save: Callable) -> String:
	var id: String = "save-%d" % _next_id
	_next_id += 1
	_queued[id] = {"done": false}
	_run.call_deferred(id, save)
	return id


## {"done": bool, "success": bool, "result": {...}}, or {"done": false, "unknown": true}.
func check(id: String, clear: bool) -> Dictionary:
	if not _queued.has(id):
		return {"done": false, "unknown": true}
	var state: Dictionary = _queued[id]
	if clear and state["done"]:
		_queued.erase(id)
	return state


func _run(id: String, save: Callable) -> void:
	var result: Dictionary = await save.call()
	_queued[id] = {"done": true, "success": bool(result.get("success", false)), "result": result}
