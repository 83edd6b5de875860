"""The editor's queue events for a call reach the MCP client as progress notifications, when it asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.unit.server.test_app import serving

pytestmark = pytest.mark.anyio


def queued_then_run(session_editor: Any) -> Any:
    async def handler(params: dict[str, Any]) -> Any:
        request_id = session_editor.received[-1]["id"]
        await session_editor.notify("_queued", {"id": request_id, "position": 2})
        await session_editor.notify("_executing", {"id": request_id})
        return {"success": True, "deleted": True}

    return handler


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_queued_and_executing_become_progress_notifications(tmp_path: Path, mode: str) -> None:
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async with serving(tmp_path, mode=mode) as session:
        session.editor.handlers["node.delete"] = queued_then_run(session.editor)
        result = await session.client.call_tool("node_delete", {}, progress_callback=on_progress)
    assert not result.is_error
    assert seen == [
        (1, None, "Waiting for the editor: 2 earlier commands in the mutation queue."),
        (2, None, "Running in the editor."),
    ]


async def test_without_a_progress_token_the_call_just_answers(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        session.editor.handlers["node.delete"] = queued_then_run(session.editor)
        result = await session.client.call_tool("node_delete", {})
    assert result.structured_content == {"deleted": True}
