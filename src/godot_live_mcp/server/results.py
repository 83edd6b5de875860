"""Command envelopes and server-side errors rendered as MCP tool results."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import mcp_types as types

from godot_live_mcp.contract import ErrorCode, ToolError, default_hint, is_known_code
from godot_live_mcp.server._meta import ERROR_META_KEY


def envelope_result(envelope: Any) -> types.CallToolResult:
    """Success: the envelope minus ``success`` as structured content plus its compact text; an
    ``image`` field carrying base64 ``data`` becomes image content sent ahead of that text.

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
    if isinstance(data.get("image"), Mapping) and "data" in data["image"]:
        return _image_result(data, data["image"])
    return types.CallToolResult(content=[types.TextContent(text=_compact(data))], structured_content=data)


def image_output_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with its ``image`` property's ``data`` removed: the pixels go out as image content."""
    image = schema.get("properties", {}).get("image")
    if not isinstance(image, dict) or "data" not in image.get("properties", {}):
        return schema
    properties = {key: value for key, value in image["properties"].items() if key != "data"}
    described = {**image, "properties": properties}
    if "required" in image:
        described["required"] = [name for name in image["required"] if name != "data"]
    return {**schema, "properties": {**schema["properties"], "image": described}}


def error_result(error: ToolError) -> types.CallToolResult:
    """A failure raised on the Python side, rendered like a failed command."""
    return failure_result(error.code, error.message, error.hint)


def failure_result(code: str, message: str, hint: str) -> types.CallToolResult:
    """``isError`` with the code, message and hint as text, and as data under ``_meta`` (never as
    structuredContent, which clients check against the tool's success schema)."""
    text = f"{code}: {message}" + (f"\nHint: {hint}" if hint else "")
    return types.CallToolResult(
        content=[types.TextContent(text=text)],
        is_error=True,
        _meta={ERROR_META_KEY: {"code": code, "message": message, "hint": hint}},
    )


def _image_result(data: dict[str, Any], image: Mapping[str, Any]) -> types.CallToolResult:
    """The image as MCP image content; its description (without the base64 data) as text and structure.

    The data is sent once: repeating it in the text or the structured content would double its cost.
    """
    payload, mime_type = image.get("data"), image.get("mime_type")
    if not isinstance(payload, str) or not isinstance(mime_type, str) or not mime_type.startswith("image/"):
        return error_result(
            ToolError(
                ErrorCode.INTERNAL,
                "The editor sent an image without base64 text data or without an image/* mime_type.",
            )
        )
    described = {**data, "image": {key: value for key, value in image.items() if key != "data"}}
    return types.CallToolResult(
        content=[
            types.ImageContent(data=payload, mime_type=mime_type),
            types.TextContent(text=_compact(described)),
        ],
        structured_content=described,
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
