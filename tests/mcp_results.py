"""Reading MCP tool results in tests: the success payload, or the failure's code, message and hint."""

from __future__ import annotations

import re
from typing import Any

import mcp_types as types

from godot_live_mcp.server._meta import ERROR_META_KEY

_ENVELOPE = re.compile(
    r'\A<untrusted-content nonce="(?P<nonce>[0-9a-f]+)" kind="[^"]*" source="[^"]*">\n'
    r"(?P<body>.*)\n</untrusted-content nonce=\"(?P=nonce)\">\Z",
    re.DOTALL,
)


def text_of(result: types.CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, types.TextContent))


def structured(result: types.CallToolResult) -> dict[str, Any]:
    """The success payload; the client has already checked it against the tool's output schema."""
    assert not result.is_error, text_of(result)
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def failure(result: types.CallToolResult) -> dict[str, str]:
    """A failed call's code, message and hint (carried in ``_meta``, repeated in the text)."""
    assert result.is_error, f"expected a failure, got {result.structured_content}"
    assert result.structured_content is None, "a failure must not carry structuredContent"
    details = (result.meta or {}).get(ERROR_META_KEY)
    assert isinstance(details, dict), f"no {ERROR_META_KEY} in _meta: {result.meta}"
    assert text_of(result).startswith(f"{details['code']}: "), text_of(result)
    return {key: str(value) for key, value in details.items()}


def failure_code(result: types.CallToolResult) -> str:
    return failure(result)["code"]


def envelope_body(text: str) -> str:
    """The body of a text that is exactly one untrusted-content envelope, well formed."""
    match = _ENVELOPE.match(text)
    assert match is not None, f"not one untrusted-content envelope: {text[:200]!r}"
    return match.group("body")
