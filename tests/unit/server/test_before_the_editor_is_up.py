"""Before the editor is up, a project's tools are listed at once from its cached catalogue; a call of
one waits for an editor that is starting, reporting its state, and fails at once when none is."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.bridge.catalog_cache import CatalogCache
from godot_live_mcp.bridge.editor_link import Backoff, EditorLink, EditorSource
from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.instances.addon_install import bundled_addon_version, install_addon
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.server import editor_wait
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.mcp_results import failure
from tests.unit.cli.cli_process import make_project
from tests.unit.fakes.fake_editor import FakeEditor, command
from tests.unit.fakes.sources import FixedSource

pytestmark = pytest.mark.anyio

COMMANDS = [command("scene.get_tree"), command("node.delete", read_only=False)]
EDITOR_TOOLS = ["scene_get_tree", "node_delete"]


class StartingSource(EditorSource):
    """An editor that is being launched until ``ready`` is set, then ``instance``."""

    def __init__(self, instance: EditorInstance) -> None:
        self.instance = instance
        self.ready = anyio.Event()

    async def find(self) -> EditorInstance:
        await self.ready.wait()
        return self.instance

    def starting(self) -> str | None:
        return None if self.ready.is_set() else "launched (pid 42, 3 s ago); its log: importing"


@asynccontextmanager
async def session(source: EditorSource, cache: CatalogCache, startup_wait_s: float) -> AsyncIterator[Client]:
    """A server on ``source`` with ``cache``, and an MCP client on it."""
    link = EditorLink(source, backoff=Backoff(0.01, 2, 0.05), cache=cache)
    app = GodotMcpApp(link, ToolPolicy(), startup_wait_s=startup_wait_s)
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(link.run)
        async with Client(app.server) as client:
            yield client
        tasks.cancel_scope.cancel()


async def remember_catalogue(tmp_path: Path, cache: CatalogCache) -> None:
    """A first session: the editor connects, and its catalogue is kept."""
    (tmp_path / "first").mkdir()
    async with (
        FakeEditor(tmp_path / "first", [dict(c) for c in COMMANDS]) as editor,
        session(FixedSource(editor.instance), cache, 5) as client,
    ):
        await client.list_tools()


def test_a_cache_keeps_one_projects_catalogue(tmp_path: Path) -> None:
    cache = CatalogCache(tmp_path / "game", tmp_path / "cache")
    assert cache.load() is None
    cache.save({"catalog_version": 3, "commands": list(COMMANDS)}, "0.1.0")
    again = CatalogCache(tmp_path / "game", tmp_path / "cache").load()
    other = CatalogCache(tmp_path / "other", tmp_path / "cache").load()
    assert again is not None
    assert [spec.name for spec in again.commands] == ["scene.get_tree", "node.delete"]
    assert other is None
    assert cache.path.stat().st_mode & 0o777 == 0o600


def test_a_project_never_served_borrows_the_builtins_of_its_addon_version(tmp_path: Path) -> None:
    extension = {**command("mine.hello"), "owner": "extension:Mine"}
    CatalogCache(tmp_path / "served", tmp_path / "cache").save(
        {"catalog_version": 1, "commands": [*COMMANDS, extension]}, bundled_addon_version()
    )
    fresh = make_project(tmp_path / "fresh")
    without_addon = CatalogCache(fresh, tmp_path / "cache").load()
    install_addon(fresh)
    borrowed = CatalogCache(fresh, tmp_path / "cache").load()
    CatalogCache(tmp_path / "served", tmp_path / "cache").save(
        {"catalog_version": 2, "commands": []}, "0.0.1"
    )
    other_version = CatalogCache(fresh, tmp_path / "cache").load()

    assert without_addon is None
    assert borrowed is not None
    assert [spec.name for spec in borrowed.commands] == ["scene.get_tree", "node.delete"]  # no extension
    assert other_version is None


def test_an_unreadable_cache_is_no_cache(tmp_path: Path) -> None:
    cache = CatalogCache(tmp_path / "game", tmp_path / "cache")
    cache.path.parent.mkdir(parents=True)
    cache.path.write_text("{not json")
    assert cache.load() is None
    cache.path.write_text(json.dumps({"schema": 1, "project": "/elsewhere", "catalog": {}}))
    assert cache.load() is None


async def test_with_no_editor_the_cached_tools_are_listed_at_once_and_a_call_says_why(tmp_path: Path) -> None:
    cache = CatalogCache(tmp_path / "game", tmp_path / "cache")
    await remember_catalogue(tmp_path, cache)
    async with session(FixedSource(None), cache, 30) as client:
        began = time.monotonic()
        listed = [tool.name for tool in (await client.list_tools()).tools]
        answered = await client.call_tool("scene_get_tree", {})
        elapsed = time.monotonic() - began
    assert listed[-2:] == EDITOR_TOOLS
    assert failure(answered)["code"] == ErrorCode.EDITOR_DISCONNECTED
    assert elapsed < 10  # far from the 30 s start-up wait: nothing waited for an editor


async def test_a_call_waits_for_an_editor_that_is_starting_and_tells_its_state(tmp_path: Path) -> None:
    cache = CatalogCache(tmp_path / "game", tmp_path / "cache")
    await remember_catalogue(tmp_path, cache)
    heard: list[str] = []

    (tmp_path / "second").mkdir()
    async with FakeEditor(tmp_path / "second", [dict(c) for c in COMMANDS]) as editor:
        source = StartingSource(editor.instance)

        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            heard.append(message or "")
            source.ready.set()  # the editor comes up once the client has heard how it goes

        async with session(source, cache, 30) as client:
            listed = [tool.name for tool in (await client.list_tools()).tools]
            answered = await client.call_tool("scene_get_tree", {}, progress_callback=on_progress)
    assert listed[-2:] == EDITOR_TOOLS  # before the editor was found
    assert heard[0] == "Waiting for the Godot editor: launched (pid 42, 3 s ago); its log: importing"
    assert not answered.is_error
    assert editor.methods_received()[-1] == "scene.get_tree"


async def test_an_editor_still_starting_after_the_wait_is_editor_disconnected_with_its_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(editor_wait, "REPORT_EVERY_S", 0.01)
    cache = CatalogCache(tmp_path / "game", tmp_path / "cache")
    await remember_catalogue(tmp_path, cache)
    (tmp_path / "second").mkdir()
    async with (
        FakeEditor(tmp_path / "second", [dict(c) for c in COMMANDS]) as editor,
        session(StartingSource(editor.instance), cache, 0.2) as client,
    ):
        answered = await client.call_tool("scene_get_tree", {})
    refused = failure(answered)
    assert refused["code"] == ErrorCode.EDITOR_DISCONNECTED
    assert "not ready yet: launched (pid 42" in refused["message"]
    assert "Call again in a moment" in refused["hint"]
