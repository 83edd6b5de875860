@tool
extends "res://addons/godot_live_mcp/dispatch/protocol_router.gd"
## Answers the authenticated frames of the runtime channel (export-clean). Smaller than the
## editor's router: no lanes, no scene lease; commands run inline, one coroutine per request.


func _dispatch(peer_id: int, request: Dictionary) -> void:
	var key: String = _key(peer_id, request["id"])
	var context: MCPToolkitToolContext = _track(peer_id, request["id"])
	_start(peer_id, request)
	var result: Dictionary = await _registry.call_command(request["method"], request["params"], context)
	_settle(key, context)
	if not context.is_cancelled():
		_reply(peer_id, request, result)
