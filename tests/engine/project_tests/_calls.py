"""Calling the server's own tools as the server does: argument checks, then the backend."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.server.tool_table import ToolEntry


async def call(
    entries: Sequence[ToolEntry],
    name: str,
    arguments: JsonObject | None = None,
    listeners: CallListeners = UNHEARD,
) -> dict[str, Any]:
    """The tool's result data (tests read it freely, so it is typed loosely)."""
    entry = next(entry for entry in entries if entry.name == name)
    values = entry.arguments.validate(name, arguments or {})
    reply = await entry.backend.invoke(values, entry.timeout_s, listeners)
    assert isinstance(reply, CommandSuccess), reply
    return reply.data
