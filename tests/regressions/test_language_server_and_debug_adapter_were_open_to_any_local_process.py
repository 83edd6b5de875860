"""The editor's GDScript language server and debug adapter, which authenticate no one, listened for as
long as a launched editor ran (issue 21): another local user read a secret constant through the language
server and started the game through the debug adapter. Now a launched editor listens on its addon's
authenticated port alone; the language server listens (127.0.0.1) only while the lsp tools use it and
closes after an idle time, and the debug adapter never listens (the debug tools use the editor's
debugger session)."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

IDLE_S = 10  # the addon's idle time for this editor (GODOT_MCP_LSP_IDLE_S)
WATCH_S = 6.0  # how long the ports are watched for one that should not appear
LEVEL = "res://scripts/level.gd"


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> Iterator[EngineEditor]:
    workspace = tmp_path_factory.mktemp("ports")
    project = copy_demo_project(workspace / "project")
    env = {"GODOT_MCP_REGISTRY_DIR": str(workspace / "registry"), "GODOT_MCP_LSP_IDLE_S": str(IDLE_S)}
    with start_editor(project, env, workspace / "editor.log", editor_logs) as process:
        instance = anyio.run(process.wait_ready, 120.0)
        registry = workspace / "registry"
        yield EngineEditor(project, registry, process.log_path, env, process, instance, workspace)


@pytest.fixture(scope="module")
async def client(editor: EngineEditor) -> AsyncIterator[Client]:
    async with mcp_client(editor) as connected:
        yield connected


def listening(pid: int) -> set[tuple[str, int]]:
    """The (address, port) pairs process ``pid`` listens on over TCP (its sockets in /proc/net/tcp*)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            columns = line.split()
            if columns[3] == "0A" and columns[9] in inodes:  # LISTEN
                address, port = columns[1].split(":")
                found.add((_address(address), int(port, 16)))
    return found


def _address(hex_address: str) -> str:
    if len(hex_address) == 8:
        return ".".join(str(int(hex_address[i : i + 2], 16)) for i in (6, 4, 2, 0))
    return hex_address


async def ports_over(editor: EngineEditor, seconds: float) -> set[tuple[str, int]]:
    """Every listening socket of the editor seen while watching for ``seconds``."""
    seen: set[tuple[str, int]] = set()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen |= listening(editor.instance.pid)
        await anyio.sleep(0.1)
    return seen


async def closes_within(editor: EngineEditor, port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ("127.0.0.1", port) not in listening(editor.instance.pid):
            return True
        await anyio.sleep(0.2)
    return False


def addon_only(editor: EngineEditor) -> set[tuple[str, int]]:
    return {("127.0.0.1", editor.instance.editor_port)}


async def test_a_launched_editor_listens_on_its_authenticated_port_alone(
    editor: EngineEditor, client: Client
) -> None:
    await call(client, "script_list", {})  # the editor has finished starting (its scan is done)
    assert await ports_over(editor, WATCH_S) == addon_only(editor)
    assert editor.instance.dap_port is None  # nothing to publish: the adapter never listens


async def test_the_lsp_tools_open_the_language_server_for_their_use_only(
    editor: EngineEditor, client: Client
) -> None:
    port = editor.instance.lsp_port
    assert port is not None
    found = await call(client, "lsp_symbols", {"path": LEVEL})
    assert found["total_symbols"] > 0
    assert ("127.0.0.1", port) in listening(editor.instance.pid)
    assert await closes_within(editor, port, IDLE_S + 10)
    assert listening(editor.instance.pid) == addon_only(editor)  # closed after the idle time
    again = await call(client, "lsp_hover", {"path": LEVEL, "line": 14, "column": 4})
    assert again["text"]  # opened once more (the engine restarts a stopped server on a settings change)
