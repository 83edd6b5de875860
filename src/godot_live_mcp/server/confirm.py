"""``--confirm destructive``: before a tool annotated destructive runs, the person is asked.

Asked through MCP elicitation: a server-to-client request on handshake-era connections, an
``input_required`` round trip on 2026-07-28 ones. A client that cannot ask gets ``PERMISSION_DENIED``
with a hint for the person; there is no argument the model could pass to skip the question.
"""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.hooks import arguments_digest
from godot_live_mcp.server.tool_table import ToolEntry

CONFIRM_FLAG = "destructive"
ANSWER_KEY = "godot-live-mcp/confirm"
_PENDING_CAP = 256
_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "confirm": {
            "type": "boolean",
            "title": "Run it",
            "description": "Yes runs the tool now; no refuses it.",
        }
    },
    "required": ["confirm"],
}


class DestructiveConfirmation:
    """Asks before destructive tools when ``enabled``; a no-op otherwise."""

    def __init__(self, enabled: bool = False) -> None:
        self.enabled = enabled
        # request_state handed out -> the call it asks about (2026-07-28 round trips); used once.
        self._pending: OrderedDict[str, str] = OrderedDict()

    async def check(
        self,
        ctx: ServerRequestContext[Any],
        params: types.CallToolRequestParams,
        entry: ToolEntry,
        arguments: JsonObject,
    ) -> types.InputRequiredResult | None:
        """None: run the call. An ``InputRequiredResult``: ask first (2026-07-28). Raises
        ``PERMISSION_DENIED`` when the person said no or cannot be asked."""
        if not self.enabled or not is_destructive(entry):
            return None
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
            return self._round_trip(ctx, params, entry, arguments)
        if not can_elicit(ctx):
            raise cannot_ask(entry)
        answer = await ctx.session.elicit_form(
            question(entry, arguments), _SCHEMA, related_request_id=ctx.request_id
        )
        require_yes(entry, answer)
        return None

    def _round_trip(
        self,
        ctx: ServerRequestContext[Any],
        params: types.CallToolRequestParams,
        entry: ToolEntry,
        arguments: JsonObject,
    ) -> types.InputRequiredResult | None:
        call = arguments_digest({"tool": entry.name, "arguments": arguments})
        answer = (params.input_responses or {}).get(ANSWER_KEY)
        state = params.request_state
        if (
            state is not None
            and self._pending.pop(state, None) == call
            and isinstance(answer, types.ElicitResult)
        ):
            require_yes(entry, answer)
            return None
        if not can_elicit(ctx):
            raise cannot_ask(entry)
        state = secrets.token_urlsafe(16)
        self._pending[state] = call
        while len(self._pending) > _PENDING_CAP:
            self._pending.popitem(last=False)
        ask = types.ElicitRequest(
            params=types.ElicitRequestFormParams(message=question(entry, arguments), requested_schema=_SCHEMA)
        )
        return types.InputRequiredResult(input_requests={ANSWER_KEY: ask}, request_state=state)


def is_destructive(entry: ToolEntry) -> bool:
    annotations = entry.tool.annotations
    return annotations is not None and annotations.destructive_hint is True


def can_elicit(ctx: ServerRequestContext[Any]) -> bool:
    """Whether the client declared form elicitation (and, on handshake-era connections, can be asked now)."""
    capabilities = ctx.session.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    if elicitation is None or (elicitation.form is None and elicitation.url is not None):
        return False
    return ctx.protocol_version in MODERN_PROTOCOL_VERSIONS or ctx.session.can_send_request


def question(entry: ToolEntry, arguments: JsonObject) -> str:
    shown = json.dumps(arguments, ensure_ascii=False, separators=(", ", ": "), default=str)
    if len(shown) > 500:
        shown = shown[:497] + "..."
    return (
        f"Allow {entry.name} to run? It is marked destructive: it can delete or overwrite project content.\n"
        f"Arguments: {shown}"
    )


def require_yes(entry: ToolEntry, answer: types.ElicitResult) -> None:
    content = answer.content or {}
    if answer.action == "accept" and content.get("confirm") is True:
        return
    raise ToolError(
        ErrorCode.PERMISSION_DENIED,
        f"The person did not allow {entry.name} to run ({answer.action}).",
        "Do not retry it unchanged: ask the person what they want, or find a way that changes less.",
    )


def cannot_ask(entry: ToolEntry) -> ToolError:
    return ToolError(
        ErrorCode.PERMISSION_DENIED,
        f"{entry.name} is destructive, and this server asks the person before destructive tools run "
        "(--confirm destructive), but this client cannot ask: it does not support MCP elicitation.",
        "Tell the person what the call would change and why. To allow destructive tools without a question, "
        "they restart the server without --confirm destructive, or use a client that supports elicitation.",
    )
