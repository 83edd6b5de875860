"""The wait for an editor to come up shows a bar on a terminal, and nothing anywhere else."""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import cast

import anyio
import pytest
from rich.console import Console

from godot_live_mcp.cli.tools import wait_ready_showing_progress
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import EditorProcess
from tests.unit.instances.registry_files import entry

pytestmark = pytest.mark.anyio


class SlowEditor:
    """Comes up when told to, like an editor publishing its registry entry."""

    def __init__(self, project: Path) -> None:
        self.project, self.pid = project, 4242
        self.up = anyio.Event()
        self.instance = EditorInstance.from_json(entry(project, pid=self.pid, started=time.time()))

    async def wait_ready(self, timeout_s: float) -> EditorInstance:
        await self.up.wait()
        return self.instance


async def waited(console: Console, editor: SlowEditor) -> EditorInstance | None:
    result: list[EditorInstance] = []

    async def wait() -> None:
        result.append(await wait_ready_showing_progress(cast(EditorProcess, editor), 120, console))

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(wait)
        await anyio.wait_all_tasks_blocked()
        console.file.flush()
        editor.up.set()
    return result[0] if result else None


async def test_a_terminal_sees_the_wait(tmp_path: Path) -> None:
    shown = io.StringIO()
    console = Console(file=shown, force_terminal=True, width=160)
    editor = SlowEditor(tmp_path / "my_game")

    instance = await waited(console, editor)

    assert instance is editor.instance
    assert "Starting a headless Godot editor on my_game (pid 4242)" in shown.getvalue()
    assert "up to 120 s" in shown.getvalue()


async def test_a_pipe_sees_nothing(tmp_path: Path) -> None:
    shown = io.StringIO()
    editor = SlowEditor(tmp_path / "my_game")

    instance = await waited(Console(file=shown, force_terminal=False), editor)

    assert instance is editor.instance
    assert shown.getvalue() == ""
