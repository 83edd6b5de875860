@tool
extends RefCounted
## The part of a channel's router that both channels share (export-clean): reading a frame, the
## protocol's own methods (ping, the catalogue, cancelling a request, quitting), Method not found,
## replies and the table of requests in flight. A channel's router extends it and implements
## _dispatch(peer_id, request) for the commands of its registry.

const Jsonrpc := preload("res://addons/godot_live_mcp/transport/jsonrpc.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

var _registry: CommandRegistry
var _send: Callable
var _in_flight: Dictionary = {}  # "peer:id" -> MCPToolkitToolContext
var _running: Dictionary = {}  # "peer:id" of a started handler -> whether it hears cancellation
var _protocol: Dictionary = {}  # method name -> Callable(peer_id, params) -> Dictionary


func _init(registry: CommandRegistry, send: Callable) -> void:
	_registry = registry
	_send = send
	var answers: Dictionary = {"ping": _ping, "catalog": _catalog, "cancel": _cancel, "quit": _quit}
	for role: String in answers:
		_protocol[method_name(role)] = answers[role]


## The wire name of a protocol method or notice by its role (a key of contract.json
## "protocol_methods": ping, catalog, cancel, quit, queued, executing, progress, ...).
static func method_name(role: String) -> String:
	var named: Dictionary = ContractData.section("protocol_methods")
	assert(named.has(role), "godot_live_mcp: contract.json names no protocol method '%s'" % role)
	return str(named.get(role, role))


## Answers one frame of an authenticated peer (the transport's on_message).
func route(peer_id: int, text: String) -> void:
	var request: Dictionary = Jsonrpc.parse(text)
	if not request["ok"]:
		_send.call(peer_id, Jsonrpc.error(request["id"], request["code"], request["message"]))
		return
	var method: String = request["method"]
	if _protocol.has(method):
		_reply(peer_id, request, (_protocol[method] as Callable).call(peer_id, request["params"]))
	elif _registry.has_command(method):
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


## Runs a command of the registry and replies; every channel implements it.
func _dispatch(_peer_id: int, _request: Dictionary) -> void:
	push_error("godot_live_mcp: %s does not implement _dispatch()" % get_script().resource_path)


## A new request in flight, cancellable through the cancel method until _settle; its progress
## reports go to the peer as the progress notice naming the request.
func _track(peer_id: int, id: Variant) -> MCPToolkitToolContext:
	var context: MCPToolkitToolContext = MCPToolkitToolContext.new()
	_in_flight[_key(peer_id, id)] = context
	if id != null:
		context.set_progress_reporter(_send_progress.bind(peer_id, id))
	return context


func _send_progress(done: float, total: float, message: String, peer_id: int, id: Variant) -> void:
	var params: Dictionary = {"id": id, "progress": done, "total": total, "message": message}
	_send.call(peer_id, Jsonrpc.notice(method_name("progress"), params))


## The request's handler starts now (it left every queue): from here on, a cancel stops it only if
## it hears cancellation; any other runs to its end and answers.
func _start(peer_id: int, request: Dictionary) -> void:
	var key: String = _key(peer_id, request["id"])
	if _in_flight.has(key):
		var options: MCPToolkitCommandOptions = _registry.get_options(request["method"])
		_running[key] = options != null and options.cancellable


func _settle(key: String, context: MCPToolkitToolContext) -> void:
	if _in_flight.get(key) == context:
		_in_flight.erase(key)
		_running.erase(key)


func _reply(peer_id: int, request: Dictionary, value: Dictionary) -> void:
	if not request["notification"]:
		_send.call(peer_id, Jsonrpc.result(request["id"], value))


func _key(peer_id: int, id: Variant) -> String:
	return "%d:%s" % [peer_id, str(id)]


func _ping(_peer_id: int, _params: Dictionary) -> Dictionary:
	return {"pong": true, "time_ms": Time.get_ticks_msec()}


func _catalog(_peer_id: int, _params: Dictionary) -> Dictionary:
	return {"catalog_version": _registry.catalog_version, "commands": _registry.get_catalog()}


## Cancelled while it waits, or while a handler that hears cancellation runs; too late once any
## other handler has started (it runs to its end: the caller must not believe it did not happen).
func _cancel(peer_id: int, params: Dictionary) -> Dictionary:
	var key: String = _key(peer_id, Jsonrpc.normalise_id(params.get("id")))
	var context: MCPToolkitToolContext = _in_flight.get(key)
	if context == null:
		return {"cancelled": false}
	if _running.has(key) and not _running[key]:
		return {"cancelled": false, "too_late": true}
	context.cancel()
	return {"cancelled": true}


## A clean exit runs the tear-down (registry entry, token file); SIGTERM would not. The reply goes
## out before the deferred quit.
func _quit(_peer_id: int, _params: Dictionary) -> Dictionary:
	(Engine.get_main_loop() as SceneTree).quit.call_deferred()
	return {"quitting": true}
