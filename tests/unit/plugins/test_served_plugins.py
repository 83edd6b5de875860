"""Plugin tools through the whole Python path (MCP client -> server -> plugin -> link -> fake editor):
groups and discover_tools, the start-up surface, run-time enabling, failures, schema versions, hooks.

The fake editor and fake entry points stand in for Godot and pip only here; tests/engine/plugins/
runs the real server with the example plugin installed against the real editor."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from anyio.streams.memory import MemoryObjectReceiveStream
from mcp.client import Client, IncomingMessage

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.plugins import (
    OWN_NAMESPACE,
    PluginHost,
    ProjectPlugins,
    ProjectTools,
    ToolContext,
    write_enabled,
)
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.hooks import Proceed, ToolCall, ToolHook, ToolOutcome
from godot_live_mcp.server.plugin_tools import add_server_tools
from godot_live_mcp.server.surface import StartupTools
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.mcp_results import failure, structured
from tests.unit.fakes.fake_editor import FakeEditor, command
from tests.unit.fakes.sources import FixedSource
from tests.unit.plugins._plugins import plugin, source, sources

pytestmark = pytest.mark.anyio

COMMANDS = [command("editor.get_info"), command("node.rename", read_only=False, group={"name": "node"})]


class Seen(ToolHook):
    def __init__(self) -> None:
        self.names: list[str] = []

    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        self.names.append(call.name)
        return await proceed()


SEEN = Seen()


async def info(context: ToolContext) -> dict[str, Any]:
    """Ask the editor about itself, through the plugin's permissions."""
    return await context.editor.call("editor.get_info")


async def rename(context: ToolContext, node_path: str, name: str) -> dict[str, Any]:
    """Rename a node through the editor."""
    return await context.editor.call("node.rename", {"node_path": node_path, "name": name})


async def explode() -> str:
    """Fail, as a plugin with a bug would."""
    raise KeyError("boom")


def install_wind(tools: ProjectTools, host: PluginHost) -> None:
    tools.declare_schema_version("1.4.0")
    tools.declare_group("wind", "Weather for the level: gusts and calm.", ["weather", "gust"])
    tools.add_tool(info, read_only=True)
    tools.add_tool(rename)
    tools.add_tool(explode, read_only=True)
    host.add_hook(SEEN)


@dataclass
class Served:
    client: Client
    app: GodotMcpApp
    project: Path
    changes: MemoryObjectReceiveStream[None]
    editor: FakeEditor

    async def names(self) -> set[str]:
        return {tool.name for tool in (await self.client.list_tools(cache_mode="refresh")).tools}

    async def next_change(self) -> None:
        with anyio.fail_after(10):
            await self.changes.receive()

    def unheard_changes(self) -> int:
        return self.changes.statistics().current_buffer_used


@asynccontextmanager
async def serving(
    tmp_path: Path, *, enabled: list[str], startup: StartupTools | None = None, read_only: bool = False
) -> AsyncIterator[Served]:
    changes, heard = anyio.create_memory_object_stream[None](100)

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changes.send_nowait(None)

    write_enabled(tmp_path, enabled)
    tools = ProjectTools(own_namespaces=[OWN_NAMESPACE])
    add_server_tools(tools)
    found = sources(source("wind", plugin("wind", install_wind)))
    plugins = ProjectPlugins(tools, sources=found, project=lambda: tmp_path)
    plugins.refresh()
    async with FakeEditor(tmp_path, [dict(c) for c in COMMANDS]) as editor, changes, heard:
        link = EditorLink(FixedSource(editor.instance), backoff=Backoff(0.01, 2, 0.05))
        app = GodotMcpApp(link, ToolPolicy(read_only), startup_wait_s=5, startup=startup, plugins=plugins)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            tasks.start_soon(app.follow_plugins, 0.02)
            async with Client(app.server, mode="legacy", message_handler=on_message) as client:
                await client.list_tools()
                while heard.statistics().current_buffer_used:  # what the start-up said
                    heard.receive_nowait()
                yield Served(client, app, tmp_path, heard, editor)
            tasks.cancel_scope.cancel()


async def test_plugin_tools_are_grouped_and_found_by_discover_tools_not_listed_at_start(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path, enabled=["wind"]) as served:
        at_start = await served.names()
        catalogue = structured(await served.client.call_tool("discover_tools", {}))
        loaded = structured(await served.client.call_tool("discover_tools", {"request": "a gust of weather"}))
        after = await served.names()
    groups = {group["name"]: group for group in catalogue["groups"]}
    assert not {name for name in at_start if name.startswith(("wind_", OWN_NAMESPACE))}
    assert groups["wind"]["tools"] == ["wind_info", "wind_rename", "wind_explode"]
    assert groups["wind"]["description"] == "Weather for the level: gusts and calm."
    assert loaded["loaded"] == ["wind"]
    assert {"wind_info", "wind_rename", "wind_explode"} <= after


async def test_a_plugin_tool_calls_the_editor_through_run_tool(tmp_path: Path) -> None:
    async with serving(tmp_path, enabled=["wind"]) as served:
        answer = structured(
            await served.client.call_tool(
                "run_tool", {"name": "wind_rename", "arguments": {"node_path": "Player", "name": "Hero"}}
            )
        )
        refused = failure(await served.client.call_tool("run_tool", {"name": "wind_rename", "arguments": {}}))
    assert answer == {"echo": {"node_path": "Player", "name": "Hero"}}
    assert refused["code"] == "INVALID_PARAMS"
    assert SEEN.names[-2:] == ["wind_rename", "wind_rename"]  # the plugin's hook saw both calls


async def test_the_queue_events_of_a_plugins_editor_calls_reach_the_client(tmp_path: Path) -> None:
    seen: list[str | None] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(message)

    async def queued_rename(params: dict[str, Any]) -> Any:
        await served.editor.notify("_queued", {"id": served.editor.received[-1]["id"], "position": 1})
        return {"success": True, "renamed": True}

    async with serving(tmp_path, enabled=["wind"]) as served:
        served.editor.handlers["node.rename"] = queued_rename
        arguments = {"name": "wind_rename", "arguments": {"node_path": "Player", "name": "Hero"}}
        result = await served.client.call_tool("run_tool", arguments, progress_callback=on_progress)
    assert structured(result) == {"renamed": True}
    assert seen == ["Waiting for the editor: 1 earlier command in the mutation queue."]


async def test_a_tool_that_raises_is_an_extension_error_naming_the_plugin_and_nothing_else_breaks(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path, enabled=["wind"], startup=StartupTools(every_group=True)) as served:
        broken = failure(await served.client.call_tool("wind_explode", {}))
        fine = structured(await served.client.call_tool("wind_info", {}))
        builtin = await served.client.call_tool("editor_get_info", {})
    assert broken["code"] == "EXTENSION_ERROR"
    assert broken["message"] == "Plugin 'wind': its tool wind_explode raised KeyError: 'boom'"
    assert "plugins disable wind" in broken["hint"]
    assert fine == {"echo": {}}
    assert not builtin.is_error


async def test_the_schema_version_is_in_meta_and_in_the_schema_tool(tmp_path: Path) -> None:
    async with serving(tmp_path, enabled=["wind"], startup=StartupTools(every_group=True)) as served:
        listed = {tool.name: tool for tool in (await served.client.list_tools()).tools}
        schema = structured(await served.client.call_tool("godot_live_mcp_schema", {}))
    meta = listed["wind_info"].meta or {}
    assert meta["godot-live-mcp/schema_version"] == "1.4.0"
    assert meta["godot-live-mcp/command"] == "wind.info"
    assert meta["godot-live-mcp/owner"] == "plugin:wind"
    assert schema["schema_versions"] == {"godot_live_mcp": "1.0.0", "wind": "1.4.0"}
    assert schema["server_version"]


async def test_enabling_and_disabling_at_run_time_changes_the_list_once_each(tmp_path: Path) -> None:
    async with serving(tmp_path, enabled=[], startup=StartupTools(every_group=True)) as served:
        before = await served.names()
        write_enabled(served.project, ["wind"])
        await served.next_change()
        enabled = await served.names()
        more_after_enabling = served.unheard_changes()
        write_enabled(served.project, [])
        await served.next_change()
        disabled = await served.names()
        more_after_disabling = served.unheard_changes()
    assert "wind_info" not in before
    assert {"wind_info", "wind_rename", "wind_explode"} <= enabled
    assert "wind_info" not in disabled
    assert (more_after_enabling, more_after_disabling) == (0, 0)  # one notice per change


async def test_read_only_mode_offers_only_read_only_plugin_tools(tmp_path: Path) -> None:
    async with serving(
        tmp_path, enabled=["wind"], startup=StartupTools(every_group=True), read_only=True
    ) as served:
        listed = await served.names()
        refused = failure(
            await served.client.call_tool(
                "run_tool", {"name": "wind_rename", "arguments": {"node_path": "a", "name": "b"}}
            )
        )
    assert "wind_info" in listed
    assert "wind_rename" not in listed
    assert refused["code"] == "READ_ONLY_MODE"
