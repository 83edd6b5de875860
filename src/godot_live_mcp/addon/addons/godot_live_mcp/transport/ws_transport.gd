@tool
extends RefCounted
## A localhost WebSocket server: listens, accepts, authenticates each peer's first frame, and
## hands authenticated frames to on_message. Shared by the editor and runtime channels
## (export-clean). The owner calls pump() every frame.

const Jsonrpc := preload("res://addons/godot_live_mcp/transport/jsonrpc.gd")
const AuthToken := preload("res://addons/godot_live_mcp/transport/auth_token.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

const POLICY_VIOLATION := 1008
const HEADER_MARGIN_BYTES := 64


class Peer:
	extends RefCounted
	var id: int
	var socket: WebSocketPeer
	var accepted_ms: int
	var authed: bool = false
	var closing: bool = false

	func _init(peer_id: int, ws: WebSocketPeer) -> void:
		id = peer_id
		socket = ws
		accepted_ms = Time.get_ticks_msec()


## func(peer_id: int, text: String) -> void, for frames of authenticated peers.
var on_message: Callable
## func(peer_id: int) -> void, when an authenticated peer is gone.
var on_peer_closed: Callable
## func() -> Dictionary, the identity sent back on successful auth.
var auth_reply: Callable

var port: int = 0
var buffer_bytes: int = 1024 * 1024
var _token: String
var _server: TCPServer = TCPServer.new()
var _peers: Dictionary = {}  # id -> Peer
var _next_id: int = 1
var _auth_timeout_ms: int = ContractData.timeout_ms("auth")


func _init(token: String) -> void:
	_token = token


## Binds 127.0.0.1 on the first free port of [first, last]; ERR_CANT_CREATE when none is free.
func listen(first: int, last: int) -> Error:
	for candidate: int in range(first, last + 1):
		if _server.listen(candidate, "127.0.0.1") == OK:
			port = candidate
			return OK
	return ERR_CANT_CREATE


func authed_peer_ids() -> Array[int]:
	var ids: Array[int] = []
	for peer: Peer in _peers.values():
		if peer.authed:
			ids.append(peer.id)
	return ids


## Accepts, polls and reads every peer; true when any frame arrived (the caller's activity signal).
func pump() -> bool:
	var active: bool = _accept_pending()
	for peer: Peer in _peers.values():
		if _poll_peer(peer):
			active = true
	return active


## Sends one JSON message; a response that cannot fit the peer's buffer is replaced by a
## RESPONSE_TOO_LARGE error for the same request, never dropped silently.
func send(peer_id: int, message: Dictionary) -> Error:
	var peer: Peer = _peers.get(peer_id)
	if peer == null or peer.socket.get_ready_state() != WebSocketPeer.STATE_OPEN:
		return ERR_UNAVAILABLE
	var payload: PackedByteArray = JSON.stringify(message).to_utf8_buffer()
	var room: int = buffer_bytes - peer.socket.get_current_outbound_buffered_amount() - HEADER_MARGIN_BYTES
	if payload.size() > room and message.has("result"):
		payload = JSON.stringify(_too_large(message, payload.size(), room)).to_utf8_buffer()
	var err: Error = peer.socket.send(payload, WebSocketPeer.WRITE_MODE_TEXT)
	if err != OK:
		push_error(
			"godot_live_mcp: sending %d bytes to peer %d failed: %s" % [payload.size(), peer_id, error_string(err)]
		)
	return err


func broadcast(message: Dictionary) -> void:
	for peer_id: int in authed_peer_ids():
		send(peer_id, message)


func stop() -> void:
	for peer: Peer in _peers.values():
		peer.socket.close(1001, "server stopping")
	_peers.clear()
	_server.stop()
	port = 0


func _accept_pending() -> bool:
	var accepted: bool = false
	while _server.is_connection_available():
		var socket: WebSocketPeer = WebSocketPeer.new()
		socket.inbound_buffer_size = buffer_bytes
		socket.outbound_buffer_size = buffer_bytes
		if socket.accept_stream(_server.take_connection()) != OK:
			continue
		socket.set_no_delay(true)
		_peers[_next_id] = Peer.new(_next_id, socket)
		_next_id += 1
		accepted = true
	return accepted


func _poll_peer(peer: Peer) -> bool:
	peer.socket.poll()
	var state: WebSocketPeer.State = peer.socket.get_ready_state()
	if state == WebSocketPeer.STATE_CLOSED:
		_forget(peer)
		return false
	if not peer.authed and not peer.closing:
		if Time.get_ticks_msec() - peer.accepted_ms > _auth_timeout_ms:
			_refuse(peer, "auth timeout")
			return false
	if state != WebSocketPeer.STATE_OPEN:
		return false
	var received: bool = false
	while peer.socket.get_available_packet_count() > 0 and not peer.closing:
		var text: String = peer.socket.get_packet().get_string_from_utf8()
		received = true
		if peer.authed:
			on_message.call(peer.id, text)
		else:
			_authenticate(peer, text)
	return received


func _authenticate(peer: Peer, text: String) -> void:
	var request: Dictionary = Jsonrpc.parse(text)
	if not request["ok"] or request["method"] != "auth":
		_refuse(peer, "auth required")
		return
	var params: Dictionary = request["params"]
	if not AuthToken.matches(_token, str(params.get("token", ""))):
		_refuse(peer, "invalid token")
		return
	peer.authed = true
	send(peer.id, Jsonrpc.result(request["id"], auth_reply.call()))


func _refuse(peer: Peer, reason: String) -> void:
	peer.closing = true
	peer.socket.close(POLICY_VIOLATION, reason)


func _forget(peer: Peer) -> void:
	_peers.erase(peer.id)
	if peer.authed and on_peer_closed.is_valid():
		on_peer_closed.call(peer.id)


func _too_large(message: Dictionary, size: int, room: int) -> Dictionary:
	var envelope: Dictionary = MCPToolkitError.fail(
		"RESPONSE_TOO_LARGE", "The response is %d bytes; the connection buffer has room for %d." % [size, maxi(room, 0)]
	)
	return Jsonrpc.result(message.get("id"), envelope)
