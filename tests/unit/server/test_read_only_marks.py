"""Read-only mode's rules for particular tools come from the marks declared on them, not their names."""

from __future__ import annotations

from collections.abc import Collection

import mcp_types as types
import pytest

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandReply
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.game_owner import GameOwner
from godot_live_mcp.server.read_only_calls import check_read_only_call, read_only_refusal
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner

pytestmark = pytest.mark.anyio
REFUSED = ToolError(ErrorCode.READ_ONLY_MODE, "refused by the policy", "")


class _Unused(ToolBackend):
    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        raise AssertionError("not called")


def entry(name: str, marks: Collection[str] = (), side_doors: tuple[str, ...] = ()) -> ToolEntry:
    schema: JsonObject = {"type": "object"}
    return ToolEntry(
        tool=types.Tool(name=name, input_schema=schema),
        owner=ToolOwner.EDITOR,
        backend=_Unused(),
        arguments=ArgumentValidator(schema),
        read_only=True,
        timeout_s=1.0,
        marks=frozenset(marks),
        side_doors=side_doors,
    )


async def test_a_side_door_argument_set_true_is_refused_whatever_the_tool_is_called() -> None:
    waits = entry("any_wait", side_doors=("scan",))
    link = EditorLink(RegistrySource(None))  # never asked: no saves_scenes mark
    with pytest.raises(ToolError) as refused:
        await check_read_only_call(waits, {"scan": True}, link)
    assert refused.value.code == ErrorCode.READ_ONLY_MODE
    assert "any_wait without scan" in refused.value.hint
    await check_read_only_call(waits, {"scan": False}, link)
    await check_read_only_call(entry("editor_wait_for_idle"), {"scan": True}, link)  # no side door declared


def test_only_a_stops_game_tool_may_pass_the_policy_and_only_for_the_servers_own_game() -> None:
    games = GameOwner()
    assert read_only_refusal(entry("game_stop"), games, REFUSED) is REFUSED
    explained = read_only_refusal(entry("ends_it", marks={"stops_game"}), games, REFUSED)
    assert explained is not None
    assert "ends_it would end a game this server did not start" in explained.message
