@tool
extends RefCounted
## Turns one authenticated frame into a reply: protocol methods inline, commands through the
## registry, serialized ones through the mutation lane. Replies go out through send(peer_id, msg).

const Jsonrpc := preload("res://addons/godot_mcp/transport/jsonrpc.gd")
const MutationLane := preload("res://addons/godot_mcp/dispatch/mutation_lane.gd")

var _registry: MCPToolkitCommandRegistry
var _send: Callable
var _lane: MutationLane = MutationLane.new()
var _in_flight: Dictionary = {}  # "peer:id" -> MCPToolkitToolContext


func _init(registry: MCPToolkitCommandRegistry, send: Callable) -> void:
	_registry = registry
	_send = send


func has_work() -> bool:
	return not _in_flight.is_empty()


func route(peer_id: int, text: String) -> void:
	var request: Dictionary = Jsonrpc.parse(text)
	if not request["ok"]:
		_send.call(peer_id, Jsonrpc.error(request["id"], request["code"], request["message"]))
		return
	var method: String = request["method"]
	match method:
		"ping":
			_reply(peer_id, request, {"pong": true, "time_ms": Time.get_ticks_msec()})
		"mcp.catalog":
			_reply(
				peer_id, request, {"catalog_version": _registry.catalog_version, "commands": _registry.get_catalog()}
			)
		"_cancel":
			_reply(peer_id, request, {"cancelled": _cancel(peer_id, request["params"].get("id"))})
		"_quit":
			# A clean exit runs the plugin's tear-down (registry entry, token file); SIGTERM would not.
			_reply(peer_id, request, {"quitting": true})
			(Engine.get_main_loop() as SceneTree).quit.call_deferred()
		_:
			if _registry.has_command(method):
				_dispatch(peer_id, request)
			elif not request["notification"]:
				var message: String = "Method not found: '%s'." % method
				_send.call(peer_id, Jsonrpc.error(request["id"], Jsonrpc.METHOD_NOT_FOUND, message, {"method": method}))


## A peer is gone: its requests are cancelled so cooperative handlers can stop early.
func forget_peer(peer_id: int) -> void:
	var prefix: String = "%d:" % peer_id
	for key: String in _in_flight.keys():
		if key.begins_with(prefix):
			(_in_flight[key] as MCPToolkitToolContext).cancel()


func _dispatch(peer_id: int, request: Dictionary) -> void:
	var method: String = request["method"]
	var params: Dictionary = request["params"]
	var key: String = _key(peer_id, request["id"])
	var context: MCPToolkitToolContext = MCPToolkitToolContext.new()
	_in_flight[key] = context
	var result: Dictionary
	if _registry.get_options(method).needs_serialization():
		var job: Callable = func() -> Dictionary: return await _registry.call_command(method, params, context)
		var queued: Callable = func(position: int) -> void:
			_notify(peer_id, "_queued", {"id": request["id"], "position": position})
		var started: Callable = func() -> void: _notify(peer_id, "_executing", {"id": request["id"]})
		result = await _lane.run(job, queued, started)
	else:
		result = await _registry.call_command(method, params, context)
	_in_flight.erase(key)
	if not context.is_cancelled() and not request["notification"]:
		_reply(peer_id, request, result)


func _cancel(peer_id: int, id: Variant) -> bool:
	var context: MCPToolkitToolContext = _in_flight.get(_key(peer_id, Jsonrpc.normalise_id(id)))
	if context == null:
		return false
	context.cancel()
	return true


func _reply(peer_id: int, request: Dictionary, value: Dictionary) -> void:
	if not request["notification"]:
		_send.call(peer_id, Jsonrpc.result(request["id"], value))


func _notify(peer_id: int, method: String, params: Dictionary) -> void:
	_send.call(peer_id, Jsonrpc.notice(method, params))


func _key(peer_id: int, id: Variant) -> String:
	return "%d:%s" % [peer_id, str(id)]
