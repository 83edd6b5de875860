@tool
extends RefCounted
## Answers the authenticated frames of the runtime channel (export-clean). Smaller than the
## editor's router: no lanes, no scene lease; commands run inline, one coroutine per request.

const Jsonrpc := preload("res://addons/godot_live_mcp/transport/jsonrpc.gd")

var _registry: MCPToolkitCommandRegistry
var _send: Callable
var _in_flight: Dictionary = {}  # "peer:id" -> MCPToolkitToolContext


func _init(registry: MCPToolkitCommandRegistry, send: Callable) -> void:
	_registry = registry
	_send = send


## Answers one frame of an authenticated peer (the transport's on_message).
func route(peer_id: int, text: String) -> void:
	var request: Dictionary = Jsonrpc.parse(text)
	if not request["ok"]:
		_send.call(peer_id, Jsonrpc.error(request["id"], request["code"], request["message"]))
		return
	match str(request["method"]):
		"ping":
			_reply(peer_id, request, {"pong": true, "time_ms": Time.get_ticks_msec()})
		"mcp.catalog":
			_reply(
				peer_id, request, {"catalog_version": _registry.catalog_version, "commands": _registry.get_catalog()}
			)
		"_cancel":
			var context: MCPToolkitToolContext = _in_flight.get(
				_key(peer_id, Jsonrpc.normalise_id(request["params"].get("id")))
			)
			if context != null:
				context.cancel()
			_reply(peer_id, request, {"cancelled": context != null})
		"_quit":
			_reply(peer_id, request, {"quitting": true})
			(Engine.get_main_loop() as SceneTree).quit.call_deferred()
		_:
			_dispatch(peer_id, request)


## A peer is gone: its requests are cancelled so cooperative handlers can stop early.
func forget_peer(peer_id: int) -> void:
	var prefix: String = "%d:" % peer_id
	for key: String in _in_flight.keys():
		if key.begins_with(prefix):
			(_in_flight[key] as MCPToolkitToolContext).cancel()


func _dispatch(peer_id: int, request: Dictionary) -> void:
	var method: String = request["method"]
	if not _registry.has_command(method):
		if not request["notification"]:
			var message: String = "Method not found: '%s'." % method
			_send.call(peer_id, Jsonrpc.error(request["id"], Jsonrpc.METHOD_NOT_FOUND, message, {"method": method}))
		return
	var key: String = _key(peer_id, request["id"])
	var context: MCPToolkitToolContext = MCPToolkitToolContext.new()
	_in_flight[key] = context
	var result: Dictionary = await _registry.call_command(method, request["params"], context)
	_in_flight.erase(key)
	if not context.is_cancelled():
		_reply(peer_id, request, result)


func _reply(peer_id: int, request: Dictionary, value: Dictionary) -> void:
	if not request["notification"]:
		_send.call(peer_id, Jsonrpc.result(request["id"], value))


func _key(peer_id: int, id: Variant) -> String:
	return "%d:%s" % [peer_id, str(id)]
