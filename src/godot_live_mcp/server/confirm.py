"""``--confirm destructive``: before a call that may delete or overwrite runs, the person is asked: a tool
annotated destructive, or any tool told to overwrite (``if_exists: "replace"``). The question shows every
path the call names in full.

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

ANSWER_KEY = "godot-live-mcp/confirm"
_PENDING_CAP = 256
OVERWRITE = "replace"  # the if_exists policy that overwrites (authoring/if_exists.gd)
_PATH_ARGUMENTS = frozenset({"path", "paths", "to", "output", "scene", "source", "target"})
_ARGUMENTS_SHOWN = 500
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
        if not self.enabled or not would_lose_work(entry, arguments):
            return None
        return await self.ask(ctx, params, entry, arguments, question(entry, arguments))

    async def check_steps(
        self,
        ctx: ServerRequestContext[Any],
        params: types.CallToolRequestParams,
        entry: ToolEntry,
        arguments: JsonObject,
        losing: str,
    ) -> types.InputRequiredResult | None:
        """As ``check``, for a batch whose ``losing`` steps (one line each, ``""``: none) may lose work:
        one question for all of them."""
        if not self.enabled or not losing:
            return None
        text = f"Allow {entry.name} to run? These steps can delete or overwrite project content:\n{losing}"
        return await self.ask(ctx, params, entry, arguments, text)

    async def ask(
        self,
        ctx: ServerRequestContext[Any],
        params: types.CallToolRequestParams,
        entry: ToolEntry,
        arguments: JsonObject,
        text: str,
    ) -> types.InputRequiredResult | None:
        """Put ``text`` to the person; None once they said yes (see ``check``)."""
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
            return self._round_trip(ctx, params, entry, arguments, text)
        if not can_elicit(ctx):
            raise cannot_ask(entry)
        answer = await ctx.session.elicit_form(text, _SCHEMA, related_request_id=ctx.request_id)
        require_yes(entry, answer)
        return None

    def _round_trip(
        self,
        ctx: ServerRequestContext[Any],
        params: types.CallToolRequestParams,
        entry: ToolEntry,
        arguments: JsonObject,
        text: str,
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
            params=types.ElicitRequestFormParams(message=text, requested_schema=_SCHEMA)
        )
        return types.InputRequiredResult(input_requests={ANSWER_KEY: ask}, request_state=state)


def would_lose_work(entry: ToolEntry, arguments: JsonObject) -> bool:
    """Destructive by its annotation, or by this call: any tool told to overwrite what exists."""
    annotations = entry.tool.annotations
    destructive = annotations is not None and annotations.destructive_hint is True
    return destructive or arguments.get("if_exists") == OVERWRITE


def can_elicit(ctx: ServerRequestContext[Any]) -> bool:
    """Whether the client declared form elicitation (and, on handshake-era connections, can be asked now)."""
    capabilities = ctx.session.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    if elicitation is None or (elicitation.form is None and elicitation.url is not None):
        return False
    return ctx.protocol_version in MODERN_PROTOCOL_VERSIONS or ctx.session.can_send_request


def question(entry: ToolEntry, arguments: JsonObject) -> str:
    """The question, with every path the call names in full; only the other arguments are shortened."""
    paths = {key: value for key, value in arguments.items() if _is_path(key, value)}
    others = {key: value for key, value in arguments.items() if key not in paths}
    shown = json.dumps(others, ensure_ascii=False, separators=(", ", ": "), default=str)
    if len(shown) > _ARGUMENTS_SHOWN:
        shown = shown[: _ARGUMENTS_SHOWN - 3] + "..."
    overwrites = arguments.get("if_exists") == OVERWRITE
    why = "it overwrites what exists" if overwrites else "it is marked destructive"
    lines = [f"Allow {entry.name} to run? It can delete or overwrite project content: {why}."]
    lines += [f"{key}: {value}" for key, value in paths.items()]
    lines.append(f"Other arguments: {shown}")
    return "\n".join(lines)


def _is_path(key: str, value: object) -> bool:
    if isinstance(value, list):
        return bool(value) and all(_is_path(key, item) for item in value)
    if not isinstance(value, str):
        return False
    return key in _PATH_ARGUMENTS or key.endswith("_path") or value.startswith(("res://", "user://"))


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
        f"{entry.name} may delete or overwrite, and this server asks the person before such calls run "
        "(--confirm destructive), but this client cannot ask: it does not support MCP elicitation.",
        "Tell the person what the call would change and why. To allow destructive tools without a question, "
        "they restart the server without --confirm destructive, or use a client that supports elicitation.",
    )
