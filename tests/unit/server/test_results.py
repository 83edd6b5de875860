from __future__ import annotations

import json
from typing import Any

import mcp_types as types
import pytest

from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.bridge.reply import read_reply
from godot_live_mcp.contract import ErrorCode, ToolError, default_hint
from godot_live_mcp.server.results import error_result, image_output_schema, reply_result
from tests.mcp_results import failure, text_of


def envelope_result(envelope: JsonValue) -> types.CallToolResult:
    """What a client sees for a command that answered ``envelope``."""
    try:
        return reply_result(read_reply(envelope, "test.command"))
    except ToolError as error:
        return error_result(error)


def test_success_is_the_envelope_minus_success_in_structured_and_readable_text() -> None:
    nodes: list[JsonValue] = [{"name": "Player", "type": "Node2D"}, {"name": "Coin", "type": "Area2D"}]
    result = envelope_result({"success": True, "nodes": nodes, "has_more": False})
    assert not result.is_error
    assert result.structured_content == {"nodes": nodes, "has_more": False}
    assert text_of(result) == "has_more: false\nnodes[2]{name,type}:\n  Player,Node2D\n  Coin,Area2D"


def test_failure_is_is_error_with_code_message_and_hint() -> None:
    result = envelope_result(
        {"success": False, "error": "No node 'X'", "code": "NOT_FOUND", "hint": "Use scene"}
    )
    assert result.is_error
    assert text_of(result) == "NOT_FOUND: No node 'X'\nHint: Use scene"
    assert failure(result) == {"code": "NOT_FOUND", "message": "No node 'X'", "hint": "Use scene"}


def test_failure_without_hint_gets_the_contract_default() -> None:
    result = envelope_result({"success": False, "error": "slow", "code": "TIMEOUT"})
    assert failure(result)["hint"] == default_hint("TIMEOUT")


def test_failure_without_any_hint_has_no_hint_line() -> None:
    result = envelope_result({"success": False, "error": "gone", "code": "NOT_FOUND"})
    assert text_of(result) == "NOT_FOUND: gone"


def test_an_unknown_code_from_the_editor_becomes_internal() -> None:
    result = envelope_result({"success": False, "error": "odd", "code": "BANANA"})
    assert failure(result)["code"] == ErrorCode.INTERNAL
    assert "BANANA" in failure(result)["message"]


def test_a_malformed_envelope_becomes_internal() -> None:
    envelopes: list[JsonValue] = [[1, 2], {"data": 1}, {"success": "yes"}, None]
    for envelope in envelopes:
        result = envelope_result(envelope)
        assert result.is_error
        assert failure(result)["code"] == ErrorCode.INTERNAL


def test_a_python_side_error_renders_like_a_failed_command() -> None:
    result = error_result(ToolError(ErrorCode.EDITOR_DISCONNECTED, "Lost the editor."))
    assert (
        text_of(result)
        == f"EDITOR_DISCONNECTED: Lost the editor.\nHint: {default_hint('EDITOR_DISCONNECTED')}"
    )
    assert failure(result)["code"] == "EDITOR_DISCONNECTED"


_IMAGE: dict[str, JsonValue] = {
    "mime_type": "image/jpeg",
    "data": "/9j/4AAQ",
    "width": 900,
    "height": 506,
    "bytes": 6,
}


def test_an_image_goes_out_once_as_image_content_followed_by_its_description() -> None:
    result = envelope_result({"success": True, "image": _IMAGE, "viewport": "2d"})

    assert not result.is_error
    image, line = result.content
    assert isinstance(image, types.ImageContent)
    assert (image.data, image.mime_type) == ("/9j/4AAQ", "image/jpeg")
    assert isinstance(line, types.TextContent)
    described = {"image": {key: value for key, value in _IMAGE.items() if key != "data"}, "viewport": "2d"}
    assert line.text == "image: " + json.dumps(described["image"], separators=(",", ":")) + "\nviewport: 2d"
    assert result.structured_content == described
    assert "/9j/4AAQ" not in line.text
    assert "/9j/4AAQ" not in json.dumps(result.structured_content)


@pytest.mark.parametrize(
    "image",
    [
        {**_IMAGE, "data": 42},
        {**_IMAGE, "mime_type": "text/plain"},
        {key: v for key, v in _IMAGE.items() if key != "mime_type"},
    ],
)
def test_an_image_without_base64_text_or_an_image_mime_type_is_internal(image: dict[str, JsonValue]) -> None:
    result = envelope_result({"success": True, "image": image})

    assert failure(result)["code"] == ErrorCode.INTERNAL


def test_an_image_field_without_data_is_ordinary_structured_content() -> None:
    described = {key: value for key, value in _IMAGE.items() if key != "data"}

    result = envelope_result({"success": True, "image": described})

    assert [block.type for block in result.content] == ["text"]
    assert result.structured_content == {"image": described}


def test_the_output_schema_describes_the_image_without_its_data() -> None:
    image: dict[str, Any] = {
        "type": "object",
        "properties": {
            "mime_type": {"type": "string"},
            "data": {"type": "string"},
            "width": {"type": "integer"},
        },
        "required": ["mime_type", "data"],
    }
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {"image": image, "viewport": {"type": "string"}},
    }

    published: Any = image_output_schema(schema)

    assert published["properties"]["image"]["properties"].keys() == {"mime_type", "width"}
    assert published["properties"]["image"]["required"] == ["mime_type"]
    assert published["properties"]["viewport"] == {"type": "string"}
    assert "data" in image["properties"], "the given schema is not changed in place"


def test_an_output_schema_without_image_data_is_published_as_is() -> None:
    schema: dict[str, JsonValue] = {
        "type": "object",
        "properties": {"image": {"type": "object", "properties": {"width": {}}}},
    }

    assert image_output_schema(schema) is schema
    assert image_output_schema({"type": "object"}) == {"type": "object"}
