from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.contract import ErrorCode, ToolError
from tests.unit.fakes.fake_editor import FakeEditor, command
from tests.unit.fakes.sources import FixedSource

pytestmark = pytest.mark.anyio

FAST = Backoff(initial_s=0.01, factor=2, cap_s=0.05)


@asynccontextmanager
async def running(link: EditorLink) -> AsyncIterator[EditorLink]:
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(link.run)
        yield link
        tasks.cancel_scope.cancel()


async def first_failure(link: EditorLink) -> ToolError:
    """Call until a call fails: the close reaches the link within a few loop turns."""
    while True:
        try:
            await link.call("editor.get_info", None, 30)
        except ToolError as error:
            return error


async def test_link_connects_and_hands_the_catalogue_to_listeners(tmp_path: Path) -> None:
    catalogs: list[Catalog] = []

    async def listen(catalog: Catalog | None) -> None:
        if catalog is not None:  # None: the editor went away
            catalogs.append(catalog)

    async with FakeEditor(tmp_path) as editor:
        link = EditorLink(FixedSource(editor.instance), backoff=FAST)
        link.add_catalog_listener(listen)
        async with running(link):
            assert await link.wait_connected(5)
            assert await link.call("editor.get_info", {"a": 1}, 5) == CommandSuccess({"echo": {"a": 1}})
    assert [spec.name for spec in catalogs[0].commands] == ["editor.get_info"]


async def test_calls_fail_fast_while_no_editor_is_found() -> None:
    link = EditorLink(FixedSource(None), backoff=FAST)
    async with running(link):
        assert await link.wait_first_attempt(5)
        began = time.monotonic()
        with pytest.raises(ToolError) as failure:
            await link.call("editor.get_info", None, 30)
    assert time.monotonic() - began < 0.5
    assert failure.value.code == ErrorCode.EDITOR_DISCONNECTED
    assert "no editor in this test" in failure.value.message


async def test_editor_going_away_fails_calls_fast_then_the_link_reconnects(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor:
        link = EditorLink(FixedSource(editor.instance), backoff=FAST)
        async with running(link):
            assert await link.wait_connected(5)
            await editor.stop()
            began = time.monotonic()
            with anyio.fail_after(5):
                failure = await first_failure(link)
            assert time.monotonic() - began < 1
            await editor.start()
            assert await link.wait_connected(5)
            assert isinstance(await link.call("editor.get_info", None, 5), CommandSuccess)
    assert failure.code == ErrorCode.EDITOR_DISCONNECTED
    assert editor.connections_seen == 2


async def test_catalog_changed_notification_refetches_the_catalogue(tmp_path: Path) -> None:
    versions: list[int] = []
    refreshed = anyio.Event()

    async def listen(catalog: Catalog | None) -> None:
        if catalog is None:
            return  # the editor is gone (the test's end)
        versions.append(catalog.version)
        if catalog.version == 2:
            refreshed.set()

    async with FakeEditor(tmp_path) as editor:
        link = EditorLink(FixedSource(editor.instance), backoff=FAST)
        link.add_catalog_listener(listen)
        async with running(link):
            assert await link.wait_connected(5)
            editor.catalog.append(command("scene.get_tree"))
            editor.catalog_version = 2
            await editor.notify("catalog.changed", {"catalog_version": 2})
            with anyio.fail_after(5):
                await refreshed.wait()
    assert versions == [1, 2]
    assert link.catalog is not None
    assert len(link.catalog.commands) == 2


async def test_a_refused_connection_is_still_editor_disconnected_naming_the_cause(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor:
        editor.token_path.write_text("cd" * 32, "utf-8")
        link = EditorLink(FixedSource(editor.instance), backoff=FAST)
        async with running(link):
            assert await link.wait_first_attempt(5)
            with pytest.raises(ToolError) as failure:
                await link.call("editor.get_info", None, 5)
    assert failure.value.code == ErrorCode.EDITOR_DISCONNECTED
    assert "(AUTH_FAILED)" in failure.value.message
    assert "restart the editor" in failure.value.hint


async def test_a_call_made_as_soon_as_the_tools_are_published_reaches_the_editor(tmp_path: Path) -> None:
    # Regression: the tools were published before the connection was attached, so a client calling
    # right after the tool list appeared got EDITOR_DISCONNECTED.
    answers: list[object] = []
    async with FakeEditor(tmp_path) as editor:
        link = EditorLink(FixedSource(editor.instance), backoff=FAST)

        async def call_at_once(catalog: Catalog | None) -> None:
            answers.append(await link.call("editor.get_info", {}, 5))

        link.add_catalog_listener(call_at_once)
        async with running(link):
            assert await link.wait_first_attempt(5)
    assert answers == [CommandSuccess({"echo": {}})]
