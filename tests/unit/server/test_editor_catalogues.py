"""A call routed to another editor follows that editor's own catalogue: its schema checks the arguments,
a tool it lacks is refused naming it, and a tool only it publishes (its own extension) can be called."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.editor_roster import EditorRoster
from godot_live_mcp.server.instance_tools import InstanceRouting
from godot_live_mcp.server.surface import StartupTools
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.mcp_results import failure, structured
from tests.unit.fakes.fake_editor import FakeEditor, command, echo
from tests.unit.fakes.sources import FixedSource
from tests.unit.instances.registry_files import entry, write_entry

pytestmark = pytest.mark.anyio

NAMED: dict[str, Any] = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
OURS = [command("editor.get_info"), command("node.rename", schema={"type": "object", "properties": {}})]
THEIRS = [command("node.rename", schema=NAMED), command("weather.gust", owner="extension")]


@pytest.fixture
def other_pid() -> Iterator[int]:
    """A second live process to stand for the second editor."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield child.pid
    child.kill()
    child.wait()


@dataclass
class Served:
    client: Client
    theirs: FakeEditor
    project: str


def register(registry: Path, editor: FakeEditor, pid: int, started: float) -> None:
    record = entry(
        editor.folder,
        pid=pid,
        started=started,
        editor_port=editor.instance.editor_port,
        token_path=str(editor.token_path),
    )
    write_entry(registry, record)


@asynccontextmanager
async def two_editors(tmp_path: Path, other_pid: int) -> AsyncIterator[Served]:
    registry = tmp_path / "registry"
    (tmp_path / "ours").mkdir()
    (tmp_path / "theirs").mkdir()
    async with FakeEditor(tmp_path / "ours", OURS) as ours, FakeEditor(tmp_path / "theirs", THEIRS) as theirs:
        register(registry, ours, os.getpid(), 1.0)
        register(registry, theirs, other_pid, 2.0)
        for name in ("node.rename", "weather.gust"):
            theirs.handlers[name] = echo
        link = EditorLink(FixedSource(ours.instance), backoff=Backoff(0.01, 2, 0.05))
        roster = EditorRoster(link, project=ours.folder, registry=registry, poll_interval_s=0.05)
        app = GodotMcpApp(
            link,
            ToolPolicy(),
            startup_wait_s=5,
            startup=StartupTools(every_group=True),
            instances=InstanceRouting(roster),
        )
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            tasks.start_soon(roster.run)
            async with Client(app.server, mode="legacy") as client:
                await client.list_tools()
                yield Served(client, theirs, str(theirs.folder))
            tasks.cancel_scope.cancel()


async def test_the_other_editors_schema_checks_the_arguments(tmp_path: Path, other_pid: int) -> None:
    async with two_editors(tmp_path, other_pid) as served:
        refused = failure(await served.client.call_tool("node_rename", {"project": served.project}))
        answered = await served.client.call_tool("node_rename", {"project": served.project, "name": "Hero"})
    assert refused["code"] == "INVALID_PARAMS"  # its node.rename needs name; ours does not
    assert structured(answered) == {"echo": {"name": "Hero"}}


async def test_a_tool_the_other_editor_lacks_is_refused_naming_it(tmp_path: Path, other_pid: int) -> None:
    async with two_editors(tmp_path, other_pid) as served:
        refused = failure(await served.client.call_tool("editor_get_info", {"project": served.project}))
    assert refused["code"] == "UNKNOWN_TOOL"
    assert "editor_get_info is not a tool of" in refused["message"]
    assert "addon 0.1.0" in refused["message"]
    assert "editor.get_info" not in served.theirs.methods_received()


async def test_a_tool_only_the_other_editor_publishes_is_called_there(tmp_path: Path, other_pid: int) -> None:
    async with two_editors(tmp_path, other_pid) as served:
        answered = await served.client.call_tool("weather_gust", {"project": served.project})
        unknown = failure(await served.client.call_tool("weather_gust", {}))
    assert structured(answered) == {"echo": {}}
    assert unknown["code"] == "UNKNOWN_TOOL"  # without project: the server's editor has no such tool
