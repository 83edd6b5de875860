@tool
extends RefCounted
## JSON-RPC 2.0 framing: one object per WebSocket frame (export-clean). The error codes are
## contract.json's "jsonrpc_codes", which the Python server reads too.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

static var PARSE_ERROR: int = ContractData.jsonrpc_code("parse_error")
static var INVALID_REQUEST: int = ContractData.jsonrpc_code("invalid_request")
static var METHOD_NOT_FOUND: int = ContractData.jsonrpc_code("method_not_found")
static var INVALID_PARAMS: int = ContractData.jsonrpc_code("invalid_params")
static var INTERNAL_ERROR: int = ContractData.jsonrpc_code("internal_error")
static var DEADLINE_EXCEEDED: int = ContractData.jsonrpc_code("deadline_exceeded")


## One frame as read: a request (a notification when it has no id), or what is wrong with it.
class Request:
	extends RefCounted
	## An int or a String; null for a notification or a frame whose id could not be read.
	var id: Variant = null
	var method: String = ""
	var params: Dictionary = {}
	var notification: bool = false
	## 0 for a well-formed request, else its JSON-RPC error code (parse error, invalid request or params).
	var error_code: int = 0
	var error_message: String = ""

	func is_valid() -> bool:
		return error_code == 0


## The request in one frame of text; a malformed one carries its error code and message.
static func read(text: String) -> Request:
	var request: Request = Request.new()
	var json: JSON = JSON.new()
	if json.parse(text) != OK:
		return _refuse(request, PARSE_ERROR, "Parse error: %s" % json.get_error_message())
	if not json.data is Dictionary:
		return _refuse(request, INVALID_REQUEST, "Invalid request: expected a JSON object.")
	var message: Dictionary = json.data
	request.notification = not message.has("id")
	if message.get("id") != null and normalise_id(message["id"]) == null:
		return _refuse(request, INVALID_REQUEST, "Invalid request: 'id' must be an integer or a string.")
	request.id = normalise_id(message.get("id"))
	if message.get("jsonrpc") != "2.0":
		return _refuse(request, INVALID_REQUEST, "Invalid request: 'jsonrpc' must be \"2.0\".")
	if not message.get("method") is String or (message["method"] as String).is_empty():
		return _refuse(request, INVALID_REQUEST, "Invalid request: 'method' must be a non-empty string.")
	request.method = message["method"]
	var params: Variant = message.get("params", {})
	if params != null and not params is Dictionary:
		return _refuse(request, INVALID_PARAMS, "Invalid params: 'params' must be an object.")
	request.params = params if params != null else {}
	var depth: int = nesting_depth(request.params)
	if depth > ContractData.limit("max_value_depth"):
		return _refuse(request, INVALID_PARAMS, _too_deep(depth))
	return request


## How many containers deep value nests (a scalar is 0, {} is 1); counted without recursion.
static func nesting_depth(value: Variant) -> int:
	var deepest: int = 0
	var pending: Array = [[value, 1]]
	while not pending.is_empty():
		var item: Array = pending.pop_back()
		var children: Array = []
		if item[0] is Dictionary:
			children = (item[0] as Dictionary).values()
		elif item[0] is Array:
			children = item[0]
		else:
			continue
		deepest = maxi(deepest, item[1])
		for child: Variant in children:
			pending.append([child, int(item[1]) + 1])
	return deepest


## Transitional ({"ok": true, "id", "method", "params", "notification"} or {"ok": false, "id", "code",
## "message"}) until its last caller reads read().
static func parse(text: String) -> Dictionary:
	var request: Request = read(text)
	if not request.is_valid():
		return {"ok": false, "id": request.id, "code": request.error_code, "message": request.error_message}
	var fields: Dictionary = {"id": request.id, "method": request.method, "params": request.params}
	fields.merge({"ok": true, "notification": request.notification})
	return fields


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


## Project files, scenes and settings store at most 100 levels and would cut the rest silently.
static func _too_deep(depth: int) -> String:
	return (
		"Invalid params: the values nest %d levels deep; at most %d can be stored, so nothing was done."
		% [depth, ContractData.limit("max_value_depth")]
	)


static func _refuse(request: Request, code: int, message: String) -> Request:
	request.error_code = code
	request.error_message = message
	return request
