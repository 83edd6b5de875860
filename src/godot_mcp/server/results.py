"""Command envelopes and server-side errors rendered as MCP tool results."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import mcp_types as types

from godot_mcp.contract import ErrorCode, ToolError, default_hint, is_known_code


def envelope_result(envelope: Any) -> types.CallToolResult:
    """Success: the envelope minus ``success`` as structured content plus its compact text.

    Failure: ``isError`` with the code, message and hint. An envelope that breaks the contract
    is reported as ``INTERNAL``, never passed on.
    """
    if not isinstance(envelope, Mapping) or not isinstance(envelope.get("success"), bool):
        return error_result(
            ToolError(
                ErrorCode.INTERNAL,
                f"The editor answered with a malformed envelope: {_compact(envelope)[:200]}",
            )
        )
    if not envelope["success"]:
        return _failure(envelope)
    data = {key: value for key, value in envelope.items() if key != "success"}
    return types.CallToolResult(content=[types.TextContent(text=_compact(data))], structured_content=data)


def error_result(error: ToolError) -> types.CallToolResult:
    """A failure raised on the Python side, rendered like a failed command."""
    return failure_result(error.code, error.message, error.hint)


def failure_result(code: str, message: str, hint: str) -> types.CallToolResult:
    text = f"{code}: {message}" + (f"\nHint: {hint}" if hint else "")
    return types.CallToolResult(
        content=[types.TextContent(text=text)],
        structured_content={"code": code, "message": message, "hint": hint},
        is_error=True,
    )


def _failure(envelope: Mapping[str, Any]) -> types.CallToolResult:
    code = str(envelope.get("code") or ErrorCode.INTERNAL)
    message = str(envelope.get("error") or "The command failed without saying why.")
    if not is_known_code(code):
        message = f"{message} (the editor used the unknown code {code!r})"
        code = ErrorCode.INTERNAL
    hint = envelope.get("hint")
    return failure_result(code, message, str(hint) if hint else default_hint(code))


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
