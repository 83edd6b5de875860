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


def reporting_step(session_editor: Any, reports: list[dict[str, Any]]) -> Any:
    """A fake runtime.step that sends the given ``_progress`` reports about its request, then answers."""

    async def handler(params: dict[str, Any]) -> Any:
        request_id = session_editor.received[-1]["id"]
        for report in reports:
            await session_editor.notify("_progress", {"id": request_id, **report})
        await session_editor.notify("_progress", {"id": request_id + 1000, "progress": 99, "total": 100})
        return {"success": True, "frames_stepped": 20}

    return handler


async def test_a_commands_own_progress_reaches_the_client_growing_with_its_total(tmp_path: Path) -> None:
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    reports = [
        {"progress": 10, "total": 20, "message": "10 of at most 20 frames stepped."},
        {"progress": 10, "total": 20, "message": "a repeat: not growing"},
        {"progress": 20, "total": 20, "message": ""},
        {"progress": "lots", "total": 20},
    ]
    async with serving(tmp_path) as session:
        session.editor.handlers["node.delete"] = reporting_step(session.editor, reports)
        result = await session.client.call_tool("node_delete", {}, progress_callback=on_progress)
    assert not result.is_error
    assert seen == [(10, 20, "10 of at most 20 frames stepped."), (20, 20, None)]
