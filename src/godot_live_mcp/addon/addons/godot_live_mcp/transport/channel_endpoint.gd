@tool
extends RefCounted
## The listening end of one channel, "editor" or "runtime" (export-clean): a port of the channel's
## band, the auth token file, the transport that answers auth with this instance's identity, and the
## instance's entry in the machine-wide registry. close() undoes open() in reverse.

const WsTransport := preload("res://addons/godot_live_mcp/transport/ws_transport.gd")
const PortConfig := preload("res://addons/godot_live_mcp/transport/port_config.gd")
const AuthToken := preload("res://addons/godot_live_mcp/transport/auth_token.gd")
const InstanceRegistry := preload("res://addons/godot_live_mcp/instances/instance_registry.gd")
const InstanceIdentity := preload("res://addons/godot_live_mcp/instances/instance_identity.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const LanguageServerPorts := preload("res://addons/godot_live_mcp/instances/language_server_ports.gd")
const ParentWatch := preload("res://addons/godot_live_mcp/instances/parent_watch.gd")
const Linger := preload("res://addons/godot_live_mcp/instances/linger.gd")
const GameKey := preload("res://addons/godot_live_mcp/instances/game_key.gd")

var channel: String
## Null until open() has bound a port.
var transport: WsTransport
var _instances: InstanceRegistry = InstanceRegistry.new()
var _token_path: String = ""


func _init(channel_name: String) -> void:
	channel = channel_name


## Binds a port, writes the token and publishes the entry; frames of authenticated peers go to
## on_message(peer_id, text), a peer that is gone to on_peer_closed(peer_id). A failure is logged
## loudly and returned, with nothing left listening.
func open(buffer_bytes: int, on_message: Callable, on_peer_closed: Callable) -> Error:
	var resolved: Result = PortConfig.resolve(channel)
	if resolved.failed():
		push_error(
			"godot_live_mcp: configuration error, the %s channel will not listen: %s" % [channel, resolved.message]
		)
		return ERR_INVALID_PARAMETER
	var ports: PortConfig.Band = resolved.value
	var token: String = AuthToken.generate()
	var candidate: WsTransport = WsTransport.new(token)
	candidate.buffer_bytes = buffer_bytes
	candidate.auth_reply = identity
	candidate.on_message = on_message
	candidate.on_peer_closed = on_peer_closed
	if candidate.listen(ports.first, ports.last) != OK:
		var pinned: String = " (pinned)" if ports.pinned else ""
		push_error(
			"godot_live_mcp: no free port in %d-%d for the %s channel%s" % [ports.first, ports.last, channel, pinned]
		)
		return ERR_CANT_CREATE
	_token_path = _instances.token_path(channel)
	var err: Error = AuthToken.write(_token_path, token)
	if err != OK:
		push_error(
			"godot_live_mcp: cannot write the %s auth token to %s: %s" % [channel, _token_path, error_string(err)]
		)
		candidate.stop()
		_token_path = ""
		return err
	transport = candidate
	return _instances.publish(channel, _entry_fields())


## Lays fields over this channel's registry entry (a lingering editor's deadline).
func update_entry(fields: Dictionary) -> Error:
	return _instances.update(fields)


## Sends message to one authenticated peer (what the routers are given to answer with).
func send(peer_id: int, message: Dictionary) -> Error:
	return transport.send(peer_id, message) if transport != null else ERR_UNCONFIGURED


func port() -> int:
	return transport.port if transport != null else 0


## Undoes open() in reverse: registry entry, token file, socket. Safe to call twice.
func close() -> void:
	_instances.withdraw()
	if _token_path != "":
		DirAccess.remove_absolute(_token_path)
		_token_path = ""
	if transport != null:
		transport.stop()
		transport = null


## The auth reply: who answers on this channel.
func identity() -> Dictionary:
	var reply: Dictionary = {"authed": true, "channel": channel, "pid": OS.get_process_id()}
	reply.merge(InstanceIdentity.describe())
	return reply


func _entry_fields() -> Dictionary:
	var fields: Dictionary = InstanceIdentity.versions()
	fields.merge({"%s_port" % channel: transport.port, "token_path": _token_path})
	if channel == "runtime":  # keyed by who launched it and its run (game_key.gd)
		fields.merge({"game_id": GameKey.own_id(), "launcher_pid": ParentWatch.parent_pid()})
	if channel == "editor":
		fields.merge(LanguageServerPorts.fields())
		var owner: int = ParentWatch.parent_pid()
		if owner > 0:  # launched by a server: which one, and whether it stays after it
			fields.merge({"owner_pid": owner, "linger_s": Linger.configured_s()})
	return fields
