extends "unit_test.gd"
## JSON-RPC 2.0 framing: one object per frame.

const Jsonrpc := preload("res://addons/godot_live_mcp/transport/jsonrpc.gd")


func test_a_request_is_read() -> void:
	var request: Jsonrpc.Request = Jsonrpc.read('{"jsonrpc": "2.0", "id": 7, "method": "node.get", "params": {"a": 1}}')
	check(request.is_valid(), request.error_message)
	equal([request.id, request.method, request.params, request.notification], [7, "node.get", {"a": 1.0}, false], "")


func test_ids_echo_back_as_they_came() -> void:
	equal(Jsonrpc.read('{"jsonrpc": "2.0", "id": "abc", "method": "m"}').id, "abc", "a string")
	equal(Jsonrpc.read('{"jsonrpc": "2.0", "id": 12.0, "method": "m"}').id, 12, "an integral float")
	var fractional: Jsonrpc.Request = Jsonrpc.read('{"jsonrpc": "2.0", "id": 1.5, "method": "m"}')
	equal([fractional.error_code, fractional.id], [Jsonrpc.INVALID_REQUEST, null], "a fractional id")


func test_a_notification_has_no_id_and_absent_params_are_empty() -> void:
	var notice: Jsonrpc.Request = Jsonrpc.read('{"jsonrpc": "2.0", "method": "_cancel", "params": null}')
	check(notice.is_valid() and notice.notification, "notification")
	equal(notice.params, {}, "params")
	check(not Jsonrpc.read('{"jsonrpc": "2.0", "id": null, "method": "m"}').notification, "an explicit null id")


func test_malformed_frames_get_their_code() -> void:
	var frames: Dictionary = {
		"{not json": Jsonrpc.PARSE_ERROR,
		"[1, 2]": Jsonrpc.INVALID_REQUEST,
		'{"id": 1, "method": "m"}': Jsonrpc.INVALID_REQUEST,
		'{"jsonrpc": "2.0", "id": 1, "method": ""}': Jsonrpc.INVALID_REQUEST,
		'{"jsonrpc": "2.0", "id": 1, "method": "m", "params": [1]}': Jsonrpc.INVALID_PARAMS,
	}
	for text: String in frames:
		var request: Jsonrpc.Request = Jsonrpc.read(text)
		equal(request.error_code, frames[text], text)
		check(request.error_message != "", "%s has a message" % text)
	equal(Jsonrpc.read('{"id": 3, "method": "m"}').id, 3, "the id of a bad request is kept for the reply")


func test_replies_and_notices_are_wire_objects() -> void:
	equal(Jsonrpc.result(1, {"ok": true}), {"jsonrpc": "2.0", "id": 1, "result": {"ok": true}}, "result")
	var failed: Dictionary = Jsonrpc.error(2, Jsonrpc.METHOD_NOT_FOUND, "nope", {"method": "x"})
	equal(failed["error"], {"code": -32601, "message": "nope", "data": {"method": "x"}}, "error")
	check(not Jsonrpc.error(2, -32600, "bad").get("error", {}).has("data"), "no empty data")
	equal(Jsonrpc.notice("catalog.changed", {}), {"jsonrpc": "2.0", "method": "catalog.changed", "params": {}}, "")


func test_the_codes_are_the_json_rpc_ones() -> void:
	var codes: Array = [Jsonrpc.PARSE_ERROR, Jsonrpc.INVALID_REQUEST, Jsonrpc.METHOD_NOT_FOUND, Jsonrpc.INVALID_PARAMS]
	equal(codes, [-32700, -32600, -32601, -32602], "codes")


func test_the_transitional_shape_matches() -> void:
	var read: Dictionary = Jsonrpc.parse('{"jsonrpc": "2.0", "id": 1, "method": "m"}')
	equal(read, {"ok": true, "id": 1, "method": "m", "params": {}, "notification": false}, "ok")
	equal(Jsonrpc.parse("{")["code"], Jsonrpc.PARSE_ERROR, "failure")


func test_values_nested_deeper_than_can_be_stored_are_refused() -> void:
	equal(
		[Jsonrpc.nesting_depth(1), Jsonrpc.nesting_depth({}), Jsonrpc.nesting_depth({"a": [[1], {"b": {}}]})],
		[0, 1, 4],
		"depths"
	)
	var deep: String = "[".repeat(500) + "]".repeat(500)
	var request: Jsonrpc.Request = Jsonrpc.read(
		'{"jsonrpc": "2.0", "id": 4, "method": "project.set_setting", "params": {"value": %s}}' % deep
	)
	equal([request.error_code, request.id], [Jsonrpc.INVALID_PARAMS, 4], "500 levels")
	has_text(request.error_message, "at most 64", "the limit is named")
	var storable: String = "[".repeat(63) + "]".repeat(63)
	check(Jsonrpc.read('{"jsonrpc": "2.0", "id": 5, "method": "m", "params": {"v": %s}}' % storable).is_valid(), "64")
