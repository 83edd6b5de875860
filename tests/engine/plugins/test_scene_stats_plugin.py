"""The real server with the example plugin (examples/plugins/scene_stats) installed and enabled: its
tools call real editor commands, and its change is undone with editor_undo; its prompt and resource are
served next to the built-in ones; enabling and disabling it with the CLI while a client is connected
changes that client's list."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import mcp_types as types
import pytest
from anyio.streams.memory import MemoryObjectReceiveStream
from mcp.client import Client, IncomingMessage
from mcp.client.stdio import StdioServerParameters, stdio_client

from godot_live_mcp.server.prompts import BUILTIN_PROMPTS, tool_calls
from tests.engine.authoring._helpers import call, undo
from tests.engine.authoring._scenes import add, close_quietly, value
from tests.engine.harness import EVERY_TOOL, EngineEditor, mcp_client
from tests.mcp_results import envelope_body

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SCENE = "res://tests_tmp/plugins/stats/scene.tscn"
TOOLS = {"scene_stats_count_classes", "scene_stats_write_summary"}


async def a_scene(client: Client) -> str:
    """A new scene: a Node2D root with two Sprite2D and a Label."""
    await call(client, "scene_create", {"path": SCENE, "root_class": "Node2D", "if_exists": "replace"})
    for kind, name in (("Sprite2D", "Left"), ("Label", "Title"), ("Sprite2D", "Right")):
        await add(client, SCENE, kind, name)
    return SCENE


async def remove_scene(client: Client) -> None:
    await close_quietly(client, SCENE)
    await call(client, "folder_delete", {"path": "res://tests_tmp/plugins", "recursive": True})


async def test_the_plugin_counts_through_the_editor_and_its_change_is_undone(
    engine_editor: EngineEditor, enabled: str
) -> None:
    async with mcp_client(engine_editor) as client:
        listed = {tool.name: tool for tool in (await client.list_tools()).tools}
        scene = await a_scene(client)
        try:
            counts = await call(client, "scene_stats_count_classes", {"scene": scene})
            written = await call(client, "scene_stats_write_summary", {"scene": scene})
            after = await value(client, scene, ".", "editor_description")
            undone = await undo(client, "scene", scene)
            restored = await value(client, scene, ".", "editor_description")
        finally:
            await remove_scene(client)
    assert set(listed) >= TOOLS
    assert (listed["scene_stats_count_classes"].meta or {})["godot-live-mcp/schema_version"] == "1.0.0"
    assert counts["nodes"] == 4
    assert counts["classes"][0] == {"class_name": "Sprite2D", "count": 2}
    assert written["summary"] == "4 nodes: 2 Sprite2D, 1 Node2D, 1 Label"
    assert after == written["summary"]
    assert "editor_description" in undone
    assert restored == ""


async def test_the_schema_tool_names_the_plugins_schema_version(
    engine_editor: EngineEditor, enabled: str
) -> None:
    async with mcp_client(engine_editor) as client:
        answer = await call(client, "godot_live_mcp_schema", {})
    assert answer["schema_versions"] == {"godot_live_mcp": "1.0.0", "scene_stats": "1.0.0"}


async def test_the_plugins_prompt_and_resource_are_served_next_to_the_built_in_ones(
    engine_editor: EngineEditor, enabled: str
) -> None:
    async with mcp_client(engine_editor) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        prompts = [prompt.name for prompt in (await client.list_prompts()).prompts]
        got = await client.get_prompt("scene_stats_review", {"scene": SCENE})
        scene = await a_scene(client)
        try:
            resources = [str(resource.uri) for resource in (await client.list_resources()).resources]
            read = (await client.read_resource("godot://scene_stats/active-scene")).contents[0]
        finally:
            await remove_scene(client)
    message = got.messages[0].content
    assert isinstance(message, types.TextContent)
    assert isinstance(read, types.TextResourceContents)
    assert prompts == [*(prompt.name for prompt in BUILTIN_PROMPTS), "scene_stats_review"]
    assert f'scene_stats_count_classes(scene="{scene}")' in message.text
    for tool, parameters in tool_calls(message.text):  # the prompt names real tools and arguments
        assert set(parameters) <= set(tools[tool].input_schema["properties"]), tool
    assert "godot://scene_stats/active-scene" in resources
    counts = json.loads(envelope_body(read.text))
    assert (counts["scene"], counts["nodes"]) == (scene, 4)


def cli(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "godot_live_mcp", "plugins", *args], check=True, capture_output=True, text=True
    )
    return done.stdout


@asynccontextmanager
async def listening(editor: EngineEditor) -> AsyncIterator[tuple[Client, MemoryObjectReceiveStream[None]]]:
    """A client on every tool, hearing tools/list_changed."""
    changes, heard = anyio.create_memory_object_stream[None](100)

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changes.send_nowait(None)

    serve = [
        "serve",
        "--project",
        str(editor.project),
        "--no-launch",
        "--tools",
        "all",
        "--max-tools",
        str(EVERY_TOOL),
    ]
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "godot_live_mcp", *serve], env=editor.env
    )
    log_path = editor.workspace / f"server-{len(editor.server_logs)}.log"
    editor.server_logs.append(log_path)
    with log_path.open("w", encoding="utf-8") as server_log:
        async with (
            changes,
            heard,
            Client(
                stdio_client(params, errlog=server_log), mode="legacy", message_handler=on_message
            ) as client,
        ):
            await client.list_tools()
            while heard.statistics().current_buffer_used:  # the editor's catalogue arriving
                heard.receive_nowait()
            yield client, heard


async def names(client: Client) -> set[str]:
    return {tool.name for tool in (await client.list_tools(cache_mode="refresh")).tools}


async def test_enabling_and_disabling_with_the_cli_changes_a_connected_clients_list(
    engine_editor: EngineEditor, plugin_files: Path, example_plugin: str
) -> None:
    project = str(plugin_files)
    async with listening(engine_editor) as (client, heard):
        before = await names(client)
        shown = cli("enable", example_plugin, "--yes", "--project", project)
        with anyio.fail_after(15):
            await heard.receive()
        enabled = await names(client)
        listed = cli("list", "--project", project)
        cli("disable", example_plugin, "--project", project)
        with anyio.fail_after(15):
            await heard.receive()
        disabled = await names(client)
    assert not TOOLS & before
    assert "editor    call the editor's commands" in shown
    assert "prompts: scene_stats_review" in shown
    assert enabled >= TOOLS
    assert "scene_stats 1.0.0  (godot-scene-stats 1.0.0) - enabled" in listed
    assert "running server: installed" in listed
    assert not TOOLS & disabled
