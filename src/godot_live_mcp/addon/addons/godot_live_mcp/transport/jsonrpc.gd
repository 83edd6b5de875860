@tool
extends RefCounted
## JSON-RPC 2.0 framing: one object per WebSocket frame (export-clean).

const PARSE_ERROR := -32700
const INVALID_REQUEST := -32600
const METHOD_NOT_FOUND := -32601
const INVALID_PARAMS := -32602
const INTERNAL_ERROR := -32603
const DEADLINE_EXCEEDED := -32000


## {"ok": true, "id": …, "method": "…", "params": {…}, "notification": bool}
## or {"ok": false, "id": … or null, "code": -327xx, "message": "…"}.
static func parse(text: String) -> Dictionary:
	var json: JSON = JSON.new()
	if json.parse(text) != OK:
		return _bad(null, PARSE_ERROR, "Parse error: %s" % json.get_error_message())
	if not json.data is Dictionary:
		return _bad(null, INVALID_REQUEST, "Invalid request: expected a JSON object.")
	var message: Dictionary = json.data
	var id: Variant = normalise_id(message.get("id"))
	var has_id: bool = message.has("id")
	if has_id and id == null and message.get("id") != null:
		return _bad(null, INVALID_REQUEST, "Invalid request: 'id' must be an integer or a string.")
	if message.get("jsonrpc") != "2.0":
		return _bad(id, INVALID_REQUEST, "Invalid request: 'jsonrpc' must be \"2.0\".")
	if not message.get("method") is String or (message["method"] as String).is_empty():
		return _bad(id, INVALID_REQUEST, "Invalid request: 'method' must be a non-empty string.")
	var params: Variant = message.get("params", {})
	if params == null:
		params = {}
	if not params is Dictionary:
		return _bad(id, INVALID_PARAMS, "Invalid params: 'params' must be an object.")
	return {"ok": true, "id": id, "method": message["method"], "params": params, "notification": not has_id}


static func result(id: Variant, value: Dictionary) -> Dictionary:
	return {"jsonrpc": "2.0", "id": id, "result": value}


static func error(id: Variant, code: int, message: String, data: Dictionary = {}) -> Dictionary:
	var body: Dictionary = {"code": code, "message": message}
	if not data.is_empty():
		body["data"] = data
	return {"jsonrpc": "2.0", "id": id, "error": body}


static func notice(method: String, params: Dictionary) -> Dictionary:
	return {"jsonrpc": "2.0", "method": method, "params": params}


## JSON numbers arrive as floats; an integral one becomes an int so it echoes back unchanged.
static func normalise_id(id: Variant) -> Variant:
	if id is String or id is int:
		return id
	if id is float and is_equal_approx(id, roundf(id)) and absf(id) < 9.0e15:
		return int(id)
	return null


static func _bad(id: Variant, code: int, message: String) -> Dictionary:
	return {"ok": false, "id": id, "code": code, "message": message}
