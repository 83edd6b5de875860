@tool
extends RefCounted
## A localhost WebSocket server: listens, accepts, authenticates each peer's first frame, and
## hands authenticated frames to on_message. Shared by the editor and runtime channels
## (export-clean). The owner calls pump() every frame.
## Hostile peers cannot wear it down: an unauthenticated or refused socket is freed after a short
## deadline whatever the peer does, at most max_unauthenticated_peers wait at once (the oldest is
## dropped for a newcomer), and a failing accept backs off instead of spinning.

const Jsonrpc := preload("res://addons/godot_live_mcp/transport/jsonrpc.gd")
const AuthToken := preload("res://addons/godot_live_mcp/transport/auth_token.gd")
const VersionGap := preload("res://addons/godot_live_mcp/transport/version_gap.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const WireNumbers := preload("res://addons/godot_live_mcp/contract/wire_numbers.gd")

const HEADER_MARGIN_BYTES := 64


## What an authenticated peer said of itself in its auth request ("client", "read_only", and the
## versions it speaks: "protocol_version", "server_version").
class Greeting:
	extends RefCounted
	var client: String
	var read_only: bool
	var protocol_version: int
	var server_version: String

	func _init(params: Dictionary) -> void:
		client = str(params.get("client", ""))
		read_only = params.get("read_only", false) == true
		var protocol: Variant = params.get("protocol_version", 0)
		protocol_version = int(protocol) if protocol is int or protocol is float else 0
		server_version = str(params.get("server_version", ""))


class Peer:
	extends RefCounted
	var id: int
	var socket: WebSocketPeer
	var accepted_ms: int
	var authed: bool = false
	var closing: bool = false
	var closing_ms: int = 0
	var greeting: Greeting

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
## Set by each authenticated peer: what differs between its versions and this addon's ("" when none).
var version_gap: String = ""

var port: int = 0
var buffer_bytes: int = 1024 * 1024
var _token: String
var _server: TCPServer = TCPServer.new()
var _peers: Dictionary = {}  # id -> Peer
var _next_id: int = 1
var _auth_timeout_ms: int = ContractData.timeout_ms("auth")
var _close_grace_ms: int = ContractData.timeout_ms("close_grace")
var _max_unauthed: int = ContractData.limit("max_unauthenticated_peers")
var _accepts_per_frame: int = ContractData.limit("accepts_per_frame")
var _backoff_cap_ms: int = ContractData.timeout_ms("accept_backoff_cap")
var _backoff_ms: int = 0
var _accept_after_ms: int = 0


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


## How each authenticated peer introduced itself, oldest connection first.
func greetings() -> Array[Greeting]:
	var found: Array[Greeting] = []
	for peer: Peer in _peers.values():
		if peer.authed:
			found.append(peer.greeting)
	return found


## Accepts, polls and reads every peer; true when any frame arrived (the caller's activity signal).
func pump() -> bool:
	var active: bool = _accept_pending()
	for peer: Peer in _peers.values():
		if _poll_peer(peer):
			active = true
	return active


## Sends one JSON message, every string in it scrubbed of secrets and every float in its one JSON form
## (WireNumbers), whatever produced it; a response that cannot fit the peer's buffer is replaced by a
## RESPONSE_TOO_LARGE error for the same request, never dropped silently.
func send(peer_id: int, message: Dictionary) -> Error:
	var peer: Peer = _peers.get(peer_id)
	if peer == null or peer.socket.get_ready_state() != WebSocketPeer.STATE_OPEN:
		return ERR_UNAVAILABLE
	var settled: Variant = WireNumbers.settle(Scrubber.scrub_value(message))
	var payload: PackedByteArray = JSON.stringify(settled).to_utf8_buffer()
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
		peer.socket.close(ContractData.close_code("going_away"), "server stopping")
	_peers.clear()
	_server.stop()
	port = 0


## Takes at most a frame's share of waiting connections; an accept that fails (no file descriptor
## left, say) pauses accepting for a doubling delay instead of retrying in a tight loop.
func _accept_pending() -> bool:
	if Time.get_ticks_msec() < _accept_after_ms:
		return false
	var accepted: bool = false
	for i: int in _accepts_per_frame:
		if not _server.is_connection_available():
			break
		var stream: StreamPeerTCP = _server.take_connection()
		if stream == null:
			_back_off()
			break
		_backoff_ms = 0
		_make_room_for_unauthed()
		var socket: WebSocketPeer = WebSocketPeer.new()
		socket.inbound_buffer_size = buffer_bytes
		socket.outbound_buffer_size = buffer_bytes
		if socket.accept_stream(stream) != OK:
			stream.disconnect_from_host()
			continue
		socket.set_no_delay(true)
		_peers[_next_id] = Peer.new(_next_id, socket)
		_next_id += 1
		accepted = true
	return accepted


## Out of descriptors, most likely: free the oldest waiting peer's and pause accepting a while.
func _back_off() -> void:
	for peer: Peer in _peers.values():
		if not peer.authed:
			_drop(peer)
			break
	_backoff_ms = clampi(_backoff_ms * 2, 10, _backoff_cap_ms)
	_accept_after_ms = Time.get_ticks_msec() + _backoff_ms


## Drops the oldest unauthenticated peers until a newcomer fits under the cap: an honest client
## authenticates in its first frame, so it is never the oldest for long.
func _make_room_for_unauthed() -> void:
	var waiting: Array[Peer] = []
	for peer: Peer in _peers.values():
		if not peer.authed:
			waiting.append(peer)
	while waiting.size() >= maxi(_max_unauthed, 1):
		_drop(waiting.pop_front())


func _poll_peer(peer: Peer) -> bool:
	peer.socket.poll()
	var state: WebSocketPeer.State = peer.socket.get_ready_state()
	if state == WebSocketPeer.STATE_CLOSED:
		_forget(peer)
		return false
	if state == WebSocketPeer.STATE_CLOSING and not peer.closing:
		peer.closing = true  # closed by the engine (an oversized frame) or by the peer
		peer.closing_ms = Time.get_ticks_msec()
	if peer.closing and Time.get_ticks_msec() - peer.closing_ms > _close_grace_ms:
		_drop(peer)  # the peer never answered our close frame
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
	var request: Jsonrpc.Request = Jsonrpc.read(text)
	if not request.is_valid() or request.method != ContractData.protocol_method("auth"):
		_refuse(peer, "auth required")
		return
	if not AuthToken.matches(_token, str(request.params.get("token", ""))):
		_refuse(peer, "invalid token")
		return
	peer.authed = true
	peer.greeting = Greeting.new(request.params)
	version_gap = VersionGap.between(peer.greeting.server_version, peer.greeting.protocol_version)
	send(peer.id, Jsonrpc.result(request.id, auth_reply.call()))


func _refuse(peer: Peer, reason: String) -> void:
	peer.closing = true
	peer.closing_ms = Time.get_ticks_msec()
	peer.socket.close(ContractData.close_code("policy_violation"), reason)


## Closes the socket at once, without waiting for the peer, and forgets it.
func _drop(peer: Peer) -> void:
	peer.socket.close(-1)
	_forget(peer)


func _forget(peer: Peer) -> void:
	_peers.erase(peer.id)
	if peer.authed and on_peer_closed.is_valid():
		on_peer_closed.call(peer.id)


func _too_large(message: Dictionary, size: int, room: int) -> Dictionary:
	var envelope: Dictionary = MCPToolkitError.fail(
		"RESPONSE_TOO_LARGE", "The response is %d bytes; the connection buffer has room for %d." % [size, maxi(room, 0)]
	)
	return Jsonrpc.result(message.get("id"), envelope)
