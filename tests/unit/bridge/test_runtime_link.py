"""The runtime link: follows the game's registry entry, connects on demand, and fails fast without one."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, replace
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance
from tests.unit.fakes.fake_editor import FakeEditor, command
from tests.unit.instances.registry_files import write_entry

pytestmark = pytest.mark.anyio


def publish(registry: Path, editor: EditorInstance, game: FakeEditor) -> Path:
    """Write the editor's and its game's entries as the addon does; returns the game's entry."""
    write_entry(registry, {**asdict(editor), "project_path": str(editor.project_path), "token_path": "x"})
    runtime = {
        "schema": 1,
        "project_hash": editor.project_hash,
        "runtime_port": game.instance.editor_port,
        "pid": os.getpid(),
        "token_path": str(game.token_path),
        "started_unix": time.time(),
    }
    return write_entry(registry, runtime, ".runtime")


@asynccontextmanager
async def following(editor: EditorInstance | None, registry: Path) -> AsyncIterator[RuntimeLink]:
    link = RuntimeLink(lambda: editor, registry=registry, poll_interval_s=0.05)
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(link.run)
        yield link
        tasks.cancel_scope.cancel()


async def test_without_a_game_calls_fail_at_once_with_game_not_running(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path) as editor, following(editor.instance, tmp_path / "registry") as link:
        began = time.monotonic()
        with pytest.raises(ToolError) as failure:
            await link.call("runtime.get_tree", {}, 30)
    assert failure.value.code == ErrorCode.GAME_NOT_RUNNING
    assert "game_start" in failure.value.hint
    assert time.monotonic() - began < 1.0


async def test_without_an_editor_there_is_no_game_either(tmp_path: Path) -> None:
    async with following(None, tmp_path) as link:
        with pytest.raises(ToolError) as failure:
            await link.call("runtime.get_tree", {}, 30)
    assert failure.value.code == ErrorCode.GAME_NOT_RUNNING


async def test_a_call_connects_to_the_game_its_entry_names(tmp_path: Path) -> None:
    registry = tmp_path / "registry"
    game_folder = tmp_path / "game"
    game_folder.mkdir()
    async with FakeEditor(tmp_path) as editor, FakeEditor(game_folder, [command("runtime.get_tree")]) as game:
        publish(registry, editor.instance, game)
        async with following(editor.instance, registry) as link:
            answer = await link.call("runtime.get_tree", {"max_depth": 1}, 5)
            assert link.connected
    assert answer == CommandSuccess({"echo": {"max_depth": 1}})
    assert game.methods_received() == ["runtime.get_tree"]


async def test_when_the_game_goes_away_calls_say_so(tmp_path: Path) -> None:
    registry = tmp_path / "registry"
    game_folder = tmp_path / "game"
    game_folder.mkdir()
    async with FakeEditor(tmp_path) as editor, FakeEditor(game_folder, [command("runtime.get_tree")]) as game:
        entry = publish(registry, editor.instance, game)
        async with following(editor.instance, registry) as link:
            await link.call("runtime.get_tree", {}, 5)
            await game.stop()
            entry.unlink()
            with pytest.raises(ToolError) as during:
                await link.call("runtime.get_tree", {}, 5)
            with pytest.raises(ToolError) as after:
                await link.call("runtime.get_tree", {}, 5)
    # The first call may still find the closing connection; from then on there is no game.
    assert during.value.code in {ErrorCode.RUNTIME_DISCONNECTED, ErrorCode.GAME_NOT_RUNNING}
    assert after.value.code == ErrorCode.GAME_NOT_RUNNING


async def test_a_game_that_cannot_be_reached_is_reported_as_disconnected(tmp_path: Path) -> None:
    registry = tmp_path / "registry"
    game_folder = tmp_path / "game"
    game_folder.mkdir()
    async with FakeEditor(tmp_path) as editor, FakeEditor(game_folder) as game:
        publish(registry, editor.instance, game)
        game.token_path.write_text("cd" * 32, "utf-8")  # the entry's token no longer matches
        async with following(replace(editor.instance), registry) as link:
            with pytest.raises(ToolError) as failure:
                await link.call("runtime.get_tree", {}, 5)
    assert failure.value.code == ErrorCode.RUNTIME_DISCONNECTED
    assert "cannot reach" in failure.value.message
