"""ToolContext: the editor, the game and the project's files, each behind the plugin's permissions."""

from __future__ import annotations

import pytest

from godot_live_mcp.bridge.queue_events import ProgressEvent
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.plugins import Permission, PluginError, PluginManifest, ToolContext
from tests.unit.plugins._plugins import FakeChannel, spec

pytestmark = pytest.mark.anyio

EDITOR = FakeChannel(
    (
        spec("scene.get_tree"),
        spec("node.delete", read_only=False),
        spec("file.read"),
        spec("file.write", read_only=False),
    ),
    {
        "scene.get_tree": {"nodes": []},
        "node.delete": {"deleted": True},
        "file.read": {"content": "extends Node"},
    },
)


def context(
    *permissions: Permission, read_only: bool = False, runtime: FakeChannel | None = None
) -> ToolContext:
    manifest = PluginManifest("wind", "1.0.0", "Wind.", permissions)
    return ToolContext(manifest, "wind_gust", EDITOR, runtime, read_only=read_only)


async def test_a_tools_progress_goes_to_the_listener_its_call_was_given() -> None:
    heard: list[ProgressEvent] = []

    async def listener(event: ProgressEvent) -> None:
        heard.append(event)

    manifest = PluginManifest("wind", "1.0.0", "Wind.", ())
    await ToolContext(manifest, "wind_gust", EDITOR, on_progress=listener).report_progress(1, 2, "half")
    await ToolContext(manifest, "wind_gust", EDITOR).report_progress(2, 2, "unheard")  # no listener: no-op
    assert heard == [ProgressEvent(1, 2, "half")]


async def test_with_the_editor_permission_a_tool_calls_editor_commands() -> None:
    answer = await context(Permission.EDITOR).editor.call("scene.get_tree", {"max_depth": 1})
    assert answer == {"nodes": []}
    assert EDITOR.calls[-1] == ("scene.get_tree", {"max_depth": 1})


async def test_without_it_the_call_is_refused_naming_the_plugin() -> None:
    with pytest.raises(PluginError) as refused:
        await context(Permission.TOOLS).editor.call("scene.get_tree")
    assert refused.value.code == ErrorCode.PERMISSION_DENIED
    assert refused.value.message.startswith("Plugin 'wind': it needs the 'editor' permission")


async def test_a_read_only_tool_cannot_call_a_command_that_changes_the_project() -> None:
    with pytest.raises(ToolError) as refused:
        await context(Permission.EDITOR, read_only=True).editor.call("node.delete", {"node_path": "Player"})
    assert refused.value.code == ErrorCode.PERMISSION_DENIED
    assert "cannot call node.delete" in refused.value.message


async def test_an_editor_failure_comes_back_as_the_editors_error() -> None:
    EDITOR.answers = {**EDITOR.answers}
    with pytest.raises(ToolError) as failed:
        await context(Permission.EDITOR, Permission.FILES).editor.call("file.write", {"path": "res://a"})
    assert (failed.value.code, failed.value.hint) == (ErrorCode.NOT_FOUND, "Look elsewhere.")


async def test_an_unknown_command_is_refused_before_it_reaches_the_editor() -> None:
    calls = len(EDITOR.calls)
    with pytest.raises(ToolError) as refused:
        await context(Permission.EDITOR).editor.call("scene.explode")
    assert refused.value.code == ErrorCode.UNKNOWN_TOOL
    assert len(EDITOR.calls) == calls


async def test_files_need_their_own_permission_even_through_editor_call() -> None:
    with pytest.raises(PluginError, match="'files' permission"):
        await context(Permission.EDITOR).editor.call("file.read", {"path": "res://a.gd"})
    with pytest.raises(PluginError, match="'files' permission"):
        await context(Permission.EDITOR).files.read("res://a.gd")
    assert await context(Permission.FILES).files.read("res://a.gd") == "extends Node"
    assert EDITOR.calls[-1] == ("file.read", {"path": "res://a.gd"})


async def test_the_game_needs_the_runtime_permission_and_a_running_game() -> None:
    game = FakeChannel(answers={"runtime.get_tree": {"nodes": ["Player"]}})
    EDITOR.commands = (*EDITOR.commands, spec("runtime.get_tree", channel="runtime"))
    with pytest.raises(PluginError, match="'runtime' permission"):
        await context(Permission.EDITOR, runtime=game).runtime.call("runtime.get_tree")
    with pytest.raises(ToolError) as not_running:
        await context(Permission.RUNTIME).runtime.call("runtime.get_tree")
    assert not_running.value.code == ErrorCode.GAME_NOT_RUNNING
    assert await context(Permission.RUNTIME, runtime=game).runtime.call("runtime_get_tree") == {
        "nodes": ["Player"]
    }
    with pytest.raises(ToolError, match="runs in the game"):
        await context(Permission.EDITOR).editor.call("runtime.get_tree")
