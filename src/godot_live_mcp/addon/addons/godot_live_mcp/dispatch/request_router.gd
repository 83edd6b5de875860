@tool
extends "res://addons/godot_live_mcp/dispatch/protocol_router.gd"
## Turns one authenticated frame into a reply: protocol methods inline, commands through their
## lanes. Scene-dependent commands first pass the scene lease; read-only ones then run at once,
## serialized ones (mutating or exclusive) one at a time through the mutation lane, whose watchdog
## answers TIMEOUT for a command past its deadline. Until the editor has first scanned and imported
## the project, commands wait for it. Replies go out through send(peer_id, msg).

## A command has been answered (or cut by the watchdog): its wire name, its time from arrival to answer,
## and whether it succeeded.
signal call_finished(method: String, duration_ms: float, succeeded: bool)

const MutationLane := preload("res://addons/godot_live_mcp/dispatch/mutation_lane.gd")
const SceneLease := preload("res://addons/godot_live_mcp/dispatch/scene_lease.gd")
const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const FirstImport := preload("res://addons/godot_live_mcp/dispatch/first_import.gd")

## The envelope key that tells the server where a command's undo action landed.
var _landing_key: String = str(ContractData.section("envelope_keys")["undo_landing"])

var _lane: MutationLane
var _lease: SceneLease = SceneLease.new()
var _first_import: FirstImport = FirstImport.new()
var _services: EditorServices


func _init(registry: CommandRegistry, send: Callable, services: EditorServices) -> void:
	super(registry, send)
	_services = services
	_lane = MutationLane.new(services.undo)
	_protocol[method_name("language_server")] = _language_server


## Whether a request is waiting or running (the editor then stays quick to answer).
func has_work() -> bool:
	return not _in_flight.is_empty()


## Called every frame, whether or not requests are read: the watchdog and the lease's waiters.
func tick() -> void:
	_lane.watchdog.tick()
	_lease.tick()


## A peer is gone: its requests are cancelled (cooperative handlers can stop early) and its scene
## lease ends.
func forget_peer(peer_id: int) -> void:
	super(peer_id)
	_lease.forget_peer(peer_id)


func _dispatch(peer_id: int, request: Dictionary) -> void:
	var key: String = _key(peer_id, request["id"])
	var context: MCPToolkitToolContext = _track(peer_id, request["id"])
	var started_us: int = Time.get_ticks_usec()
	var result: Dictionary = await _run(peer_id, request, context)
	_settle(key, context)
	if not result.is_empty():
		var elapsed_ms: float = (Time.get_ticks_usec() - started_us) / 1000.0
		call_finished.emit(request["method"], elapsed_ms, result.get("success") == true)
	# Empty: the watchdog has answered already. Cancelled: the caller wants no answer.
	if not result.is_empty() and not context.is_cancelled():
		_reply(peer_id, request, result)


func _run(peer_id: int, request: Dictionary, context: MCPToolkitToolContext) -> Dictionary:
	var method: String = request["method"]
	var options: MCPToolkitCommandOptions = _registry.get_options(method)
	var busy: Dictionary = await _first_import.wait(context)
	if not busy.is_empty():
		return busy
	var entry: SceneLease.Pass = null
	if SceneLease.applies_to(method, options):
		entry = await _lease.enter(peer_id, method, request["params"], options.timeout_ms, context)
		if not entry.failure.is_empty():
			return entry.failure
	var result: Dictionary
	if options.needs_serialization():
		result = await _lane.run(_job(peer_id, request, context, options, entry))
	else:
		_start(peer_id, request)
		result = await _registry.call_command(method, request["params"], context)
	if entry != null:
		_lease.leave(entry, result)
	return result


func _job(
	peer_id: int,
	request: Dictionary,
	context: MCPToolkitToolContext,
	options: MCPToolkitCommandOptions,
	entry: SceneLease.Pass
) -> MutationLane.Job:
	var method: String = request["method"]
	var params: Dictionary = request["params"]
	var work: Callable = func() -> Dictionary:
		_start(peer_id, request)
		_services.undo.take_landing()  # what an earlier, cut command left is not this one's
		return _with_landing(await _registry.call_command(method, params, context))
	var job: MutationLane.Job = MutationLane.Job.new(work, context, options.timeout_ms)
	job.on_queued = func(position: int) -> void:
		_notify(peer_id, method_name("queued"), {"id": request["id"], "position": position})
	job.on_started = func() -> void: _notify(peer_id, method_name("executing"), {"id": request["id"]})
	job.on_expired = func() -> void: _expire(peer_id, request, context, options.timeout_ms, entry)
	return job


## The watchdog cut a command: answer TIMEOUT (unless its caller cancelled it), end its lease use
## and forget it, so its stale tail, should it ever return, finds nothing to do.
func _expire(
	peer_id: int, request: Dictionary, context: MCPToolkitToolContext, timeout_ms: int, entry: SceneLease.Pass
) -> void:
	_settle(_key(peer_id, request["id"]), context)
	call_finished.emit(request["method"], float(timeout_ms), false)
	if entry != null:
		_lease.leave(entry, {"success": false})
	if context.is_cancelled() or request["notification"]:
		return
	var message: String = (
		"The command ran past its %d ms deadline; the editor cancelled it and moved on to the next one." % timeout_ms
	)
	var data: Dictionary = {"code": "TIMEOUT", "method": request["method"], "timeout_ms": timeout_ms}
	_send.call(peer_id, Jsonrpc.error(request["id"], Jsonrpc.DEADLINE_EXCEEDED, message, data))


## A successful envelope names the history its undo action went to (the server keeps it per session,
## for editor_undo without a target). Serialized commands run one at a time, so the landing is theirs.
func _with_landing(envelope: Dictionary) -> Dictionary:
	var landing: Dictionary = _services.undo.take_landing()
	if not landing.is_empty() and envelope.get("success") == true:
		envelope[_landing_key] = landing
	return envelope


func _notify(peer_id: int, method: String, params: Dictionary) -> void:
	_send.call(peer_id, Jsonrpc.notice(method, params))


## The editor's language server for the lsp tools: opened on demand (see engine_servers.gd).
func _language_server(_peer_id: int, _params: Dictionary) -> Dictionary:
	var opened: Result = _services.engine_servers.open_for_tools()
	if opened.failed():
		return {"success": false, "code": opened.code, "error": opened.message, "hint": opened.hint}
	return {"success": true}.merged(opened.value)
