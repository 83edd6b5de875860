"""Once the server stops, nothing reconnects or relaunches: the source launches no editor, the link
returns from ``run``."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.editor_source import LaunchingSource
from godot_live_mcp.instances.launcher import EditorProcess
from tests.unit.fakes.sources import FixedSource

pytestmark = pytest.mark.anyio


async def test_a_closed_source_launches_no_editor(tmp_path: Path) -> None:
    launches: list[Path] = []

    def launch(project: Path) -> EditorProcess:
        launches.append(project)
        raise AssertionError("launched while stopping")

    source = LaunchingSource(tmp_path, registry=tmp_path / "registry", launch=launch)
    source.close()
    with pytest.raises(ToolError) as refused:
        await source.find()
    assert refused.value.code == ErrorCode.EDITOR_DISCONNECTED
    assert "stopping" in refused.value.message
    assert launches == []


async def test_a_closed_link_stops_trying(tmp_path: Path) -> None:
    source = FixedSource(None)
    link = EditorLink(source, backoff=Backoff(0.01, 1, 0.01))
    with anyio.fail_after(5):
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            await link.wait_first_attempt(5)
            link.close()
    tries = source.finds
    await anyio.sleep(0.05)
    assert source.finds == tries
