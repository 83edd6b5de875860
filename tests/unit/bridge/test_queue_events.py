"""The editor's ``_queued``/``_executing``: parsed, routed to their request, restarting its deadline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from godot_live_mcp.bridge.jsonrpc import Notification
from godot_live_mcp.bridge.peer_connection import connect_peer
from godot_live_mcp.bridge.queue_events import (
    QueueEvent,
    parse_queue_event,
)
from godot_live_mcp.contract import ErrorCode, ToolError
from tests.unit.fakes.fake_editor import FakeEditor

pytestmark = pytest.mark.anyio


def test_queued_and_executing_are_parsed_with_their_request_id() -> None:
    queued = Notification("_queued", {"id": 7.0, "position": 2.0})
    assert parse_queue_event(queued) == (7, QueueEvent(False, 2))
    assert parse_queue_event(Notification("_executing", {"id": "a"})) == ("a", QueueEvent(True))


@pytest.mark.parametrize(
    "notification",
    [Notification("catalog.changed", {"catalog_version": 2}), Notification("_queued", {"id": True})],
)
def test_other_notifications_and_unusable_ids_are_not_queue_events(notification: Notification) -> None:
    assert parse_queue_event(notification) is None


def test_the_description_says_how_many_commands_are_ahead() -> None:
    one_ahead = "Waiting for the editor: 1 earlier command in the mutation queue."
    assert QueueEvent(False, 1).describe() == one_ahead
    assert "3 earlier commands" in QueueEvent(False, 3).describe()
    assert QueueEvent(True).describe() == "Running in the editor."


def queued_then_run(editor: FakeEditor, wait_s: float, run_s: float) -> Any:
    """A handler that tells its caller it is queued, waits, says it started, then takes ``run_s``."""

    async def handler(params: dict[str, Any]) -> Any:
        request_id = editor.received[-1]["id"]
        await editor.notify("_queued", {"id": request_id, "position": 1})
        await anyio.sleep(wait_s)
        await editor.notify("_executing", {"id": request_id})
        await anyio.sleep(run_s)
        return {"success": True}

    return handler


async def test_queue_events_reach_the_listener_of_their_own_request(tmp_path: Path) -> None:
    events: list[QueueEvent] = []

    async def listener(event: QueueEvent) -> None:
        events.append(event)

    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        editor.handlers["editor.get_info"] = queued_then_run(editor, 0, 0)
        await editor.notify("_queued", {"id": 999, "position": 4})  # no such request: dropped
        result = await connection.request("editor.get_info", None, timeout_s=5, on_queue=listener)
    assert result == {"success": True}
    assert events == [QueueEvent(False, 1), QueueEvent(True)]


async def test_the_deadline_counts_again_from_the_start_of_a_queued_command(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        editor.handlers["editor.get_info"] = queued_then_run(editor, wait_s=0.5, run_s=0.5)
        # 1 s in all, but never 0.8 s without news: queued for 0.5 s, then running for 0.5 s.
        assert await connection.request("editor.get_info", None, timeout_s=0.8) == {"success": True}


async def test_a_queued_command_that_never_starts_still_times_out(tmp_path: Path) -> None:
    async def queued_forever(params: dict[str, Any]) -> Any:
        await editor.notify("_queued", {"id": editor.received[-1]["id"], "position": 1})
        await anyio.sleep_forever()

    async with FakeEditor(tmp_path) as editor, connect_peer(editor.instance.endpoint) as connection:
        editor.handlers["editor.get_info"] = queued_forever
        with pytest.raises(ToolError) as failure:
            await connection.request("editor.get_info", None, timeout_s=0.3)
    assert failure.value.code == ErrorCode.TIMEOUT
    assert editor.cancelled == [editor.received[0]["id"]]
