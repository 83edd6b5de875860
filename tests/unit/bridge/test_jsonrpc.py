from __future__ import annotations

import json

import pytest

from godot_live_mcp.bridge.jsonrpc import (
    ErrorResponse,
    IncomingRequest,
    JsonValue,
    MalformedFrameError,
    Notification,
    Response,
    encode_request,
    parse_message,
)
from godot_live_mcp.contract import ErrorCode


def test_encode_request_is_one_compact_jsonrpc_object() -> None:
    frame = encode_request(7, "scene.get_tree", {"max_depth": 2})
    assert json.loads(frame) == {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "scene.get_tree",
        "params": {"max_depth": 2},
    }
    assert " " not in frame


def test_encode_request_without_params_leaves_them_out() -> None:
    assert "params" not in json.loads(encode_request(1, "ping"))


def test_result_frame_parses_to_response() -> None:
    assert parse_message('{"jsonrpc":"2.0","id":3,"result":{"success":true}}') == Response(
        3, {"success": True}
    )


def test_an_id_echoed_as_a_whole_float_is_the_integer_id() -> None:
    assert parse_message('{"jsonrpc":"2.0","id":3.0,"result":{}}') == Response(3, {})


def test_error_frame_keeps_code_message_and_data() -> None:
    frame = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error","data":{"x":1}}}'
    assert parse_message(frame) == ErrorResponse(None, -32700, "Parse error", {"x": 1})


def test_frame_without_id_is_a_notification() -> None:
    frame = '{"jsonrpc":"2.0","method":"catalog.changed","params":{"catalog_version":2}}'
    assert parse_message(frame) == Notification("catalog.changed", {"catalog_version": 2})


def test_frame_with_method_and_id_is_an_incoming_request() -> None:
    assert parse_message('{"jsonrpc":"2.0","id":"a","method":"x"}') == IncomingRequest("a", "x")


@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        "[1, 2]",
        '{"id": 1, "result": {}}',
        '{"jsonrpc": "2.0", "id": true, "result": {}}',
        '{"jsonrpc": "2.0", "id": 1}',
        '{"jsonrpc": "2.0", "method": 5}',
        '{"jsonrpc": "2.0", "method": "x", "params": [1]}',
    ],
)
def test_malformed_frames_are_rejected(frame: str) -> None:
    with pytest.raises(MalformedFrameError):
        parse_message(frame)


@pytest.mark.parametrize(
    ("code", "data", "expected"),
    [
        (-32000, {"code": "TIMEOUT"}, ErrorCode.TIMEOUT),
        (-32601, {"method": "x"}, ErrorCode.UNKNOWN_TOOL),
        (-32602, None, ErrorCode.INVALID_PARAMS),
        (-32603, None, ErrorCode.INTERNAL),
        (-32700, None, ErrorCode.PROTOCOL_ERROR),
        (-32600, None, ErrorCode.PROTOCOL_ERROR),
    ],
)
def test_protocol_errors_map_to_contract_codes(code: int, data: JsonValue, expected: str) -> None:
    error = ErrorResponse(1, code, "boom", data).to_tool_error("scene.get_tree")
    assert error.code == expected
    assert "boom" in error.message


def test_a_reply_with_raw_control_characters_still_parses() -> None:
    # Godot's JSON.stringify leaves ESC and other control characters unescaped (coloured log output).
    message = parse_message('{"jsonrpc":"2.0","id":3,"result":{"text":"\x1b[31mred\x1b[0m"}}')
    assert isinstance(message, Response)
    assert message.result == {"text": "\x1b[31mred\x1b[0m"}
