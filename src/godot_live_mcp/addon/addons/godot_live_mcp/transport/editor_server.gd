@tool
extends Node
## The editor channel: listens on localhost, authenticates peers, routes their requests to the
## command registry, publishes this editor in the machine-wide registry, and pumps every frame.

## A client's command has been answered: its wire name, milliseconds from arrival to answer, success.
## Emitted in batches, once requests pause (FinishedCalls).
signal call_finished(method: String, duration_ms: float, succeeded: bool)

const ChannelEndpoint := preload("res://addons/godot_live_mcp/transport/channel_endpoint.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const FinishedCalls := preload("res://addons/godot_live_mcp/transport/finished_calls.gd")
const IdleSleep := preload("res://addons/godot_live_mcp/transport/idle_sleep.gd")
const Jsonrpc := preload("res://addons/godot_live_mcp/transport/jsonrpc.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const RequestRouter := preload("res://addons/godot_live_mcp/dispatch/request_router.gd")
const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const WsTransport := preload("res://addons/godot_live_mcp/transport/ws_transport.gd")
const ParentWatch := preload("res://addons/godot_live_mcp/instances/parent_watch.gd")
const Linger := preload("res://addons/godot_live_mcp/instances/linger.gd")

var _registry: CommandRegistry
var _services: EditorServices
var _endpoint: ChannelEndpoint = ChannelEndpoint.new("editor")
var _router: RequestRouter
var _idle_sleep: IdleSleep = IdleSleep.new()
var _finished: FinishedCalls = FinishedCalls.new()
var _pumping: bool = false
var _parent_watch: ParentWatch = ParentWatch.new()
var _linger: Linger = Linger.new()


func _init(registry: CommandRegistry, services: EditorServices) -> void:
	name = "GodotMcpEditorServer"
	_registry = registry
	_services = services


## Binds a port, writes the token and publishes the entry; a failure is logged loudly and returned.
func start() -> Error:
	_router = RequestRouter.new(_registry, _endpoint.send, _services)
	_router.call_finished.connect(_finished.hold)
	var err: Error = _endpoint.open(ToolkitSettings.ws_buffer_bytes(), _router.route, _router.forget_peer)
	if err == OK:
		_registry.catalog_changed.connect(_on_catalog_changed)
	return err


func port() -> int:
	return _endpoint.port()


## The clients connected now, as each introduced itself on auth (none while not listening).
func clients() -> Array[WsTransport.Greeting]:
	if _endpoint.transport == null:
		return []
	return _endpoint.transport.greetings()


## What differs between the last connected server's versions and this addon's ("" when none).
func version_gap() -> String:
	return _endpoint.transport.version_gap if _endpoint.transport != null else ""


## Undoes start() in reverse: catalogue listener, the channel (entry, token, socket), sleep setting.
func stop() -> void:
	if _registry.catalog_changed.is_connected(_on_catalog_changed):
		_registry.catalog_changed.disconnect(_on_catalog_changed)
	_endpoint.close()
	_idle_sleep.restore()


func _process(_delta: float) -> void:
	if _parent_watch.parent_gone():
		var why: String = _linger.reason_to_quit(clients().size(), _endpoint.update_entry)
		if not why.is_empty():
			push_warning("godot_live_mcp: %s; quitting" % why)
			get_tree().quit()
			return
	# Not inside a save's nested frames: no reply could leave and no next mutation may start there.
	if _endpoint.transport == null or _services.main_loop.is_held():
		return
	# Before the pump, and even while a handler holds it, so a wedged mutation is cut on time.
	_router.tick()
	if _pumping:
		return
	_pumping = true
	var active: bool = _endpoint.transport.pump()
	_pumping = false
	var busy: bool = active or _router.has_work()
	_idle_sleep.note(busy)
	_finished.pass_on(busy, Time.get_ticks_msec(), call_finished.emit)


## Sends every authenticated peer the notice of role (a key of contract.json "protocol_methods").
func notify_peers(role: String, params: Dictionary) -> void:
	if _endpoint.transport != null:
		_endpoint.transport.broadcast(Jsonrpc.notice(ContractData.protocol_method(role), params))


func _on_catalog_changed(version: int) -> void:
	notify_peers("catalog_changed", {"catalog_version": version})
