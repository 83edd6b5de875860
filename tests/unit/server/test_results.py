from __future__ import annotations

import json

import mcp_types as types

from godot_mcp.contract import ErrorCode, ToolError, default_hint
from godot_mcp.server.results import envelope_result, error_result


def text_of(result: types.CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    return block.text


def test_success_is_the_envelope_minus_success_in_structured_and_compact_text() -> None:
    result = envelope_result({"success": True, "nodes": [{"name": "Player"}], "has_more": False})
    assert not result.is_error
    assert result.structured_content == {"nodes": [{"name": "Player"}], "has_more": False}
    assert json.loads(text_of(result)) == result.structured_content
    assert ", " not in text_of(result)


def test_failure_is_is_error_with_code_message_and_hint() -> None:
    result = envelope_result(
        {"success": False, "error": "No node 'X'", "code": "NOT_FOUND", "hint": "Use scene"}
    )
    assert result.is_error
    assert text_of(result) == "NOT_FOUND: No node 'X'\nHint: Use scene"
    assert result.structured_content == {"code": "NOT_FOUND", "message": "No node 'X'", "hint": "Use scene"}


def test_failure_without_hint_gets_the_contract_default() -> None:
    result = envelope_result({"success": False, "error": "slow", "code": "TIMEOUT"})
    assert result.structured_content["hint"] == default_hint("TIMEOUT")


def test_failure_without_any_hint_has_no_hint_line() -> None:
    result = envelope_result({"success": False, "error": "gone", "code": "NOT_FOUND"})
    assert text_of(result) == "NOT_FOUND: gone"


def test_an_unknown_code_from_the_editor_becomes_internal() -> None:
    result = envelope_result({"success": False, "error": "odd", "code": "BANANA"})
    assert result.structured_content["code"] == ErrorCode.INTERNAL
    assert "BANANA" in result.structured_content["message"]


def test_a_malformed_envelope_becomes_internal() -> None:
    for envelope in ([1, 2], {"data": 1}, {"success": "yes"}, None):
        result = envelope_result(envelope)
        assert result.is_error
        assert result.structured_content["code"] == ErrorCode.INTERNAL


def test_a_python_side_error_renders_like_a_failed_command() -> None:
    result = error_result(ToolError(ErrorCode.EDITOR_DISCONNECTED, "Lost the editor."))
    assert (
        text_of(result)
        == f"EDITOR_DISCONNECTED: Lost the editor.\nHint: {default_hint('EDITOR_DISCONNECTED')}"
    )
    assert result.structured_content["code"] == "EDITOR_DISCONNECTED"
