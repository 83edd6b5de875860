"""A plugin's prompts and resources through the whole Python path (MCP client -> server -> plugin -> link
-> fake editor): listed after the built-in ones, got and read, refused where they must be, and withdrawn
with list_changed notifications when the plugin is disabled at run time."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.client import Client, IncomingMessage
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp.shared.subscriptions import PromptsListChanged, ResourcesListChanged

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.plugins import (
    OWN_NAMESPACE,
    PluginHost,
    ProjectPlugins,
    ProjectTools,
    ToolContext,
    read_status,
    write_enabled,
)
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.plugin_tools import add_server_tools
from godot_live_mcp.server.prompts import BUILTIN_PROMPTS
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.mcp_results import envelope_body
from tests.unit.fakes.fake_editor import FakeEditor, command
from tests.unit.fakes.sources import FixedSource
from tests.unit.plugins._plugins import plugin, source, sources

pytestmark = pytest.mark.anyio

COMMANDS = [command("editor.get_info"), command("node.rename", read_only=False, group={"name": "node"})]
BUILT_IN = [prompt.name for prompt in BUILTIN_PROMPTS]


async def info(context: ToolContext) -> dict[str, Any]:
    """What the editor says about itself."""
    return await context.editor.call("editor.get_info")


async def renamed(context: ToolContext) -> dict[str, Any]:
    """A reader that tries to change the project."""
    return await context.editor.call("node.rename", {"node_path": "Player", "name": "Hero"})


async def broken() -> str:
    """A reader with a bug."""
    raise KeyError("boom")


async def coercion() -> str:
    """A resource at a built-in resource's address."""
    return "not the built-in one"


def install_wind(tools: ProjectTools, host: PluginHost) -> None:
    tools.add_prompt(
        "forecast",
        "Forecast the weather over {{scene}}; use wind_info() first.",
        description="Forecast the weather over a scene.",
        arguments={"scene": "res:// path of the scene."},
    )
    tools.add_resource("editor", info, title="The editor, as wind sees it")
    tools.add_resource("renamed", renamed)
    tools.add_resource("broken", broken)


def install_docs(tools: ProjectTools, host: PluginHost) -> None:
    tools.add_resource("coercion", coercion)


@dataclass
class Served:
    client: Client
    project: Path
    heard: MemoryObjectReceiveStream[str]

    async def prompts(self) -> list[str]:
        return [prompt.name for prompt in (await self.client.list_prompts()).prompts]

    async def resources(self) -> list[str]:
        return [str(resource.uri) for resource in (await self.client.list_resources()).resources]

    async def read(self, uri: str) -> str:
        content = (await self.client.read_resource(uri)).contents[0]
        assert isinstance(content, types.TextResourceContents)
        return content.text

    async def next_changes(self) -> set[str]:
        """The list_changed methods of one change, once both prompts and resources were heard of."""
        methods: set[str] = set()
        with anyio.fail_after(10):
            while len(methods) < 2:
                methods.add(await self.heard.receive())
        return methods


def listener(changes: MemoryObjectSendStream[str]) -> Any:
    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.PromptListChangedNotification | types.ResourceListChangedNotification):
            changes.send_nowait(message.method)

    return on_message


@asynccontextmanager
async def serving(tmp_path: Path, enabled: list[str], mode: str = "legacy") -> AsyncIterator[Served]:
    changes, heard = anyio.create_memory_object_stream[str](100)
    write_enabled(tmp_path, enabled)
    tools = ProjectTools(own_namespaces=[OWN_NAMESPACE])
    add_server_tools(tools)
    found = sources(
        source("wind", plugin("wind", install_wind)), source("docs", plugin("docs", install_docs))
    )
    plugins = ProjectPlugins(tools, sources=found, project=lambda: tmp_path)
    plugins.refresh()
    async with FakeEditor(tmp_path, [dict(c) for c in COMMANDS]) as editor, changes, heard:
        link = EditorLink(FixedSource(editor.instance), backoff=Backoff(0.01, 2, 0.05))
        app = GodotMcpApp(link, ToolPolicy(False), startup_wait_s=5, plugins=plugins)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            tasks.start_soon(app.follow_plugins, 0.02)
            async with Client(app.server, mode=mode, message_handler=listener(changes)) as client:
                await client.list_tools()
                yield Served(client, tmp_path, heard)
            tasks.cancel_scope.cancel()


async def test_the_plugins_prompt_is_listed_after_the_built_in_ones_and_renders(tmp_path: Path) -> None:
    async with serving(tmp_path, ["wind"]) as served:
        listed = await served.prompts()
        got = await served.client.get_prompt("wind_forecast", {"scene": "res://level.tscn"})
        with pytest.raises(MCPError, match="needs the argument"):
            await served.client.get_prompt("wind_forecast", {})
    assert listed == [*BUILT_IN, "wind_forecast"]
    message = got.messages[0].content
    assert isinstance(message, types.TextContent)
    assert message.text == "Forecast the weather over res://level.tscn; use wind_info() first."
    assert got.description == "Forecast the weather over a scene."


async def test_the_plugins_resource_reads_the_editor_inside_one_envelope(tmp_path: Path) -> None:
    async with serving(tmp_path, ["wind"]) as served:
        listed = {str(r.uri): r for r in (await served.client.list_resources()).resources}
        text = await served.read("godot://wind/editor")
        capabilities = served.client.server_capabilities
    resource = listed["godot://wind/editor"]
    assert (resource.title, resource.mime_type) == ("The editor, as wind sees it", "text/plain")
    assert "untrusted-content envelope" in (resource.description or "")
    assert json.loads(envelope_body(text)) == {"echo": {}}
    assert capabilities.prompts is not None
    assert capabilities.prompts.list_changed is True
    assert capabilities.resources is not None
    assert capabilities.resources.list_changed is True


async def test_a_resource_cannot_change_the_project(tmp_path: Path) -> None:
    async with serving(tmp_path, ["wind"]) as served:
        with pytest.raises(MCPError) as refused:
            await served.read("godot://wind/renamed")
    assert "PERMISSION_DENIED" in str(refused.value)
    assert "cannot call node.rename" in str(refused.value)


async def test_a_reader_that_raises_is_reported_naming_the_plugin_and_the_rest_goes_on(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path, ["wind"]) as served:
        with pytest.raises(MCPError) as failed:
            await served.read("godot://wind/broken")
        fine = await served.read("godot://wind/editor")
    status: Any = read_status(tmp_path)
    assert "EXTENSION_ERROR: Plugin 'wind': its resource godot://wind/broken raised KeyError" in str(
        failed.value
    )
    assert status["plugins"]["wind"]["problems"][-1]["stage"] == "call"
    assert json.loads(envelope_body(fine)) == {"echo": {}}


async def test_a_plugin_resource_cannot_be_subscribed_to_nor_take_a_built_in_address(tmp_path: Path) -> None:
    async with serving(tmp_path, ["wind", "docs"]) as served:
        with pytest.warns(MCPDeprecationWarning), pytest.raises(MCPError, match="made afresh at each read"):
            await served.client.subscribe_resource("godot://wind/editor")
        listed = await served.resources()
        coercion = await served.read("godot://docs/coercion")
    assert listed.count("godot://docs/coercion") == 1
    assert "not the built-in one" not in coercion


async def test_disabling_and_enabling_withdraws_and_brings_back_prompts_and_resources(tmp_path: Path) -> None:
    async with serving(tmp_path, ["wind"]) as served:
        write_enabled(served.project, [])
        withdrawn = await served.next_changes()
        prompts_after, resources_after = await served.prompts(), await served.resources()
        write_enabled(served.project, ["wind"])
        brought_back = await served.next_changes()
        prompts_again = await served.prompts()
        more = served.heard.statistics().current_buffer_used
    methods = {"notifications/prompts/list_changed", "notifications/resources/list_changed"}
    assert withdrawn == brought_back == methods
    assert prompts_after == BUILT_IN
    assert not [uri for uri in resources_after if uri.startswith("godot://wind/")]
    assert prompts_again == [*BUILT_IN, "wind_forecast"]
    assert more == 0  # once each per change


async def test_a_2026_client_listening_hears_the_plugins_prompts_and_resources_go(tmp_path: Path) -> None:
    async with (
        serving(tmp_path, ["wind"], mode="auto") as served,
        served.client.listen(prompts_list_changed=True, resources_list_changed=True) as subscription,
    ):
        write_enabled(served.project, [])
        with anyio.fail_after(10):
            events = {type(await subscription.__anext__()) for _ in range(2)}
        prompts = await served.prompts()
    assert events == {PromptsListChanged, ResourcesListChanged}
    assert prompts == BUILT_IN
