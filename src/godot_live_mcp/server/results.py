"""Command replies and server-side errors rendered as MCP tool results: the raw data as structured
content and its readable text. Scrubbing and the untrusted envelope come after, in one place for every
result (``result_seal.py``)."""

from __future__ import annotations

import mcp_types as types

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server._meta import ERROR_META_KEY
from godot_live_mcp.server.text_rendering import render


def reply_result(reply: CommandReply) -> types.CallToolResult:
    """Success: the raw data as structured content plus its readable text (text_rendering.py); an
    ``image`` field carrying base64 ``data`` becomes image content sent ahead of that text. Failure:
    ``isError`` with the code, message and hint.
    """
    if isinstance(reply, CommandFailure):
        return failure_result(reply.code, reply.message, reply.hint)
    image = reply.data.get("image")
    if isinstance(image, dict) and "data" in image:
        return _image_result(reply.data, image)
    return types.CallToolResult(
        content=[types.TextContent(text=render(reply.data))],
        structured_content=reply.data,
    )


def image_output_schema(schema: JsonObject) -> JsonObject:
    """``schema`` with its ``image`` property's ``data`` removed: the pixels go out as image content."""
    properties = schema.get("properties")
    image = properties.get("image") if isinstance(properties, dict) else None
    fields = image.get("properties") if isinstance(image, dict) else None
    if not isinstance(properties, dict) or not isinstance(image, dict) or not isinstance(fields, dict):
        return schema
    if "data" not in fields:
        return schema
    described: JsonObject = {
        **image,
        "properties": {key: value for key, value in fields.items() if key != "data"},
    }
    required = image.get("required")
    if isinstance(required, list):
        described["required"] = [name for name in required if name != "data"]
    return {**schema, "properties": {**properties, "image": described}}


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


def _image_result(data: JsonObject, image: JsonObject) -> types.CallToolResult:
    """The image as MCP image content; its description (without the base64 data) as text and structure.

    The data is sent once: repeating it in the text or the structured content would double its cost.
    """
    payload, mime_type = image.get("data"), image.get("mime_type")
    if not isinstance(payload, str) or not isinstance(mime_type, str) or not mime_type.startswith("image/"):
        return error_result(
            ToolError(
                ErrorCode.INTERNAL,
                "The command sent an image without base64 text data or without an image/* mime_type.",
            )
        )
    described = {**data, "image": {key: value for key, value in image.items() if key != "data"}}
    return types.CallToolResult(
        content=[
            types.ImageContent(data=payload, mime_type=mime_type),
            types.TextContent(text=render(described)),
        ],
        structured_content=described,
    )
