@tool
extends Node
## The editor channel: listens on localhost, authenticates peers, routes their requests to the
## command registry, publishes this editor in the machine-wide registry, and pumps every frame.

const WsTransport := preload("res://addons/godot_mcp/transport/ws_transport.gd")
const PortConfig := preload("res://addons/godot_mcp/transport/port_config.gd")
const AuthToken := preload("res://addons/godot_mcp/transport/auth_token.gd")
const IdleSleep := preload("res://addons/godot_mcp/transport/idle_sleep.gd")
const Jsonrpc := preload("res://addons/godot_mcp/transport/jsonrpc.gd")
const RequestRouter := preload("res://addons/godot_mcp/dispatch/request_router.gd")
const MainLoopGuard := preload("res://addons/godot_mcp/dispatch/main_loop_guard.gd")
const InstanceRegistry := preload("res://addons/godot_mcp/instances/instance_registry.gd")
const ProjectIdentity := preload("res://addons/godot_mcp/instances/project_identity.gd")
const ContractData := preload("res://addons/godot_mcp/contract/contract_data.gd")
const VersionGate := preload("res://addons/godot_mcp/contract/version_gate.gd")
const ToolkitSettings := preload("res://addons/godot_mcp/core/toolkit_settings.gd")

var _registry: MCPToolkitCommandRegistry
var _transport: WsTransport
var _router: RequestRouter
var _idle_sleep: IdleSleep = IdleSleep.new()
var _instances: InstanceRegistry = InstanceRegistry.new()
var _token_path: String = ""
var _pumping: bool = false


func _init(registry: MCPToolkitCommandRegistry) -> void:
	name = "GodotMcpEditorServer"
	_registry = registry


## Binds a port, writes the token and publishes the entry; a failure is logged loudly and returned.
func start() -> Error:
	var ports: Dictionary = PortConfig.resolve("editor")
	if not ports["ok"]:
		push_error("godot_mcp: configuration error, the editor channel will not listen: %s" % ports["error"])
		return ERR_INVALID_PARAMETER
	var token: String = AuthToken.generate()
	_transport = WsTransport.new(token)
	_transport.buffer_bytes = ToolkitSettings.ws_buffer_bytes()
	_transport.auth_reply = _identity
	_router = RequestRouter.new(_registry, _transport.send)
	_transport.on_message = _router.route
	_transport.on_peer_closed = _router.forget_peer
	if _transport.listen(ports["first"], ports["last"]) != OK:
		push_error(
			(
				"godot_mcp: no free port in %d-%d for the editor channel%s"
				% [ports["first"], ports["last"], " (pinned)" if ports["pinned"] else ""]
			)
		)
		return ERR_CANT_CREATE
	_token_path = InstanceRegistry.token_path("editor")
	var err: Error = AuthToken.write(_token_path, token)
	if err != OK:
		push_error("godot_mcp: cannot write the auth token to %s: %s" % [_token_path, error_string(err)])
		_transport.stop()
		return err
	_registry.catalog_changed.connect(_on_catalog_changed)
	return _instances.publish("editor", _entry_fields())


func port() -> int:
	return _transport.port if _transport != null else 0


## Undoes start() in reverse: registry entry, token file, catalogue listener, socket, sleep setting.
func stop() -> void:
	_instances.withdraw()
	if _token_path != "":
		DirAccess.remove_absolute(_token_path)
		_token_path = ""
	if _registry.catalog_changed.is_connected(_on_catalog_changed):
		_registry.catalog_changed.disconnect(_on_catalog_changed)
	if _transport != null:
		_transport.stop()
	_idle_sleep.restore()


func _process(_delta: float) -> void:
	# Not inside a save's nested frames: no reply could leave and no next mutation may start there.
	if _transport == null or MainLoopGuard.is_held():
		return
	# Before the pump, and even while a handler holds it, so a wedged mutation is cut on time.
	_router.tick()
	if _pumping:
		return
	_pumping = true
	var active: bool = _transport.pump()
	_pumping = false
	_idle_sleep.note(active or _router.has_work())


func _identity() -> Dictionary:
	var info: Dictionary = Engine.get_version_info()
	return {
		"authed": true,
		"channel": "editor",
		"protocol_version": ContractData.protocol_version(),
		"godot_version": VersionGate.engine_version(),
		"godot_version_full": str(info.get("string", "")),
		"plugin_version": ContractData.PLUGIN_VERSION,
		"headless": DisplayServer.get_name() == "headless",
		"project_path": ProjectIdentity.project_path(),
		"project_name": ProjectIdentity.project_name(),
		"pid": OS.get_process_id(),
	}


func _entry_fields() -> Dictionary:
	return {
		"editor_port": _transport.port,
		"godot_version": VersionGate.engine_version(),
		"plugin_version": ContractData.PLUGIN_VERSION,
		"protocol_version": ContractData.protocol_version(),
		"token_path": _token_path,
		"headless": DisplayServer.get_name() == "headless",
	}


func _on_catalog_changed(version: int) -> void:
	_transport.broadcast(Jsonrpc.notice("catalog.changed", {"catalog_version": version}))
