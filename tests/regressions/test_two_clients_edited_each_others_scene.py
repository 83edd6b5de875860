"""Two clients of one editor shared its active tab: over one HTTP server (one connection to the editor),
one session's edits without ``scene`` landed in the scene the other session had just opened. Each MCP
session now keeps the scene it opened as its own active scene; a command that names its scene is never
held to the scene its client opened before."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.transports import HTTP_PATH, run_http
from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor, mcp_client
from tests.http_serving import free_port, wait_listening
from tests.unit.fakes.sources import FixedSource

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "res://tests_tmp/two_clients_active_scene"
MINE, THEIRS = f"{FOLDER}/mine.tscn", f"{FOLDER}/theirs.tscn"


@pytest.fixture
async def other(engine_editor: EngineEditor, tools: Client) -> AsyncIterator[Client]:
    """A second client of the same editor, through its own server."""
    async with mcp_client(engine_editor) as client:
        yield client
    for scene in (MINE, THEIRS):
        await tools.call_tool("scene_close", {"scene": scene, "discard_changes": True})
    await tools.call_tool("folder_delete", {"path": FOLDER, "recursive": True})


@asynccontextmanager
async def two_sessions(editor: EngineEditor, tmp_path: Path) -> AsyncIterator[tuple[Client, Client]]:
    """Two MCP sessions of one HTTP server on the session editor: one connection to the editor."""
    port, tokens = free_port(), tmp_path / "tokens"
    link = EditorLink(FixedSource(editor.instance), backoff=Backoff(0.01, 2, 0.05))
    app = GodotMcpApp(link, ToolPolicy(), startup_wait_s=30)
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(link.run)
        tasks.start_soon(run_http, app, port, tokens)
        await wait_listening(port)
        token = (tokens / f"{port}.token").read_text("ascii").strip()
        url = f"http://127.0.0.1:{port}{HTTP_PATH}"
        first_http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=120)
        second_http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=120)
        async with (
            first_http,
            second_http,
            Client(streamable_http_client(url, http_client=first_http), mode="legacy") as first,
            Client(streamable_http_client(url, http_client=second_http), mode="legacy") as second,
        ):
            yield first, second
        tasks.cancel_scope.cancel()


async def test_each_session_of_one_server_edits_the_scene_it_opened(
    engine_editor: EngineEditor, other: Client, tmp_path: Path
) -> None:
    async with two_sessions(engine_editor, tmp_path) as (first, second):
        await call(first, "scene_create", {"path": MINE, "root_class": "Node2D", "if_exists": "replace"})
        await call(second, "scene_create", {"path": THEIRS, "root_class": "Node2D", "if_exists": "replace"})

        mine = await call(first, "node_create", {"class_name": "Node2D", "name": "FromMe"})
        theirs = await call(second, "node_create", {"class_name": "Node2D", "name": "FromThem"})
        await call(second, "scene_close", {"scene": MINE, "discard_changes": True})
        lost = await call_fails(
            first, "node_create", {"class_name": "Node2D", "name": "Lost"}, "SCENE_NOT_OPEN"
        )
        tree = str(await call(second, "scene_get_tree", {"scene": THEIRS}))

    assert (mine["scene"], theirs["scene"]) == (MINE, THEIRS)
    assert "FromThem" in tree
    assert "FromMe" not in tree
    assert "Lost" not in tree
    assert f"This session's active scene {MINE} is no longer open" in lost["message"]


async def test_a_command_that_names_its_scene_is_not_held_to_a_closed_one(
    tools: Client, other: Client
) -> None:
    await call(tools, "scene_create", {"path": MINE, "root_class": "Node2D", "if_exists": "replace"})
    await call(other, "scene_create", {"path": THEIRS, "root_class": "Node2D", "if_exists": "replace"})
    await call(other, "scene_close", {"scene": MINE, "discard_changes": True})

    refused = await call_fails(
        tools, "node_create", {"class_name": "Node2D", "name": "Lost"}, "SCENE_NOT_OPEN"
    )

    assert MINE in refused["message"]
    assert "scene_open" in refused["hint"]
    assert "Lost" not in str(await call(tools, "scene_get_tree", {"scene": THEIRS}))
