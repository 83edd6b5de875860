"""The one way out of a tool call: whoever answered it (the editor, the game, a server-run tool such as
the lsp, test and export tools, a Python plugin, a hook, the server's own refusals), the answer is
scrubbed of secrets and its text marked untrusted here, once, before the client gets it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import mcp_types as types

from godot_live_mcp.security.secret_scrubber import scrub, scrub_value
from godot_live_mcp.security.untrusted import envelope, needs_envelope
from godot_live_mcp.server._meta import ERROR_META_KEY
from godot_live_mcp.server.hooks import ToolOutcome
from godot_live_mcp.server.server_tools import DISCOVER_TOOLS
from godot_live_mcp.server.text_rendering import render

__all__ = ["sealed"]

# The arguments that name where a result comes from, in the order the envelope's source prefers them.
_SOURCE_ARGUMENTS = ("path", "scene", "node_path", "name")
# The server's own catalogue: group and tool descriptions, the same text tools/list gives unmarked.
_CATALOGUE = frozenset({DISCOVER_TOOLS})


def sealed(outcome: ToolOutcome, tool: str, arguments: Mapping[str, Any] | None = None) -> ToolOutcome:
    """``outcome`` as it leaves the server: every string scrubbed (structured content, text, an error's
    message and hint), then the text a model reads inside ONE untrusted-content envelope when the data
    holds anything but plain words. An error's message and hint are always inside it (they quote paths,
    names and compile errors of the project); its code, from the contract's closed list, stays in front.
    A question for the person (``InputRequiredResult``) is not a result and passes as it is."""
    if isinstance(outcome, types.InputRequiredResult):
        return outcome
    source = _source(arguments or {})
    if outcome.is_error:
        return _sealed_failure(outcome, tool, source)
    return _sealed_success(outcome, tool, source)


def _sealed_success(result: types.CallToolResult, tool: str, source: str) -> types.CallToolResult:
    data = result.structured_content
    clean = scrub_value(data) if data is not None else None
    # scrub_value hands back the very object when nothing in it is a secret: then the text stands.
    rendered_again = clean is not data  # text rendered from data is rendered again from the scrubbed data
    content: list[types.ContentBlock] = []
    for block in result.content:
        if isinstance(block, types.TextContent):
            text = render(clean) if rendered_again and block.text == render(data) else block.text
            text = scrub(text)
            marked = tool not in _CATALOGUE and needs_envelope(clean if clean is not None else text)
            block = types.TextContent(text=envelope(tool, source, text) if marked else text)
        content.append(block)
    return result.model_copy(update={"content": content, "structured_content": clean})


def _sealed_failure(result: types.CallToolResult, tool: str, source: str) -> types.CallToolResult:
    details = (result.meta or {}).get(ERROR_META_KEY)
    if not isinstance(details, dict):  # an isError result made without the contract's fields
        text = scrub("\n".join(b.text for b in result.content if isinstance(b, types.TextContent)))
        return result.model_copy(update={"content": [types.TextContent(text=envelope(tool, source, text))]})
    code = str(details.get("code") or "INTERNAL")
    message, hint = scrub(str(details.get("message") or "")), scrub(str(details.get("hint") or ""))
    body = message + (f"\nHint: {hint}" if hint else "")
    scrubbed = {"code": code, "message": message, "hint": hint}
    meta: dict[str, Any] = {**(result.meta or {}), ERROR_META_KEY: scrubbed}
    return types.CallToolResult(
        content=[types.TextContent(text=f"{code}: " + envelope(tool, source, body))],
        is_error=True,
        _meta=meta,
    )


def _source(arguments: Mapping[str, Any]) -> str:
    for name in _SOURCE_ARGUMENTS:
        value = arguments.get(name)
        if isinstance(value, str) and value:
            return scrub(value)
    return "project"
