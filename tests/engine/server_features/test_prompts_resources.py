"""Prompts, resources, subscriptions, confirmation and the audit log against a real headless editor."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.client import Client, IncomingMessage
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPDeprecationWarning

from godot_live_mcp.bridge.editor_link import request_catalog
from godot_live_mcp.bridge.peer_connection import connect_peer
from godot_live_mcp.server.builtin_tools import builtin_tools
from godot_live_mcp.server.prompts import BUILTIN_PROMPTS, PromptTemplate, tool_calls
from tests.engine.harness import EngineEditor
from tests.mcp_results import envelope_body, failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/server_features"
LEVEL = Path(__file__).resolve().parents[3] / "examples" / "demo_project" / "scenes" / "level.tscn"


@pytest.fixture
def folder(engine_editor: EngineEditor) -> Any:
    path = engine_editor.project / FOLDER
    path.mkdir(parents=True, exist_ok=True)
    yield path
    shutil.rmtree(path, ignore_errors=True)


async def live_catalogue(editor: EngineEditor) -> dict[str, set[str]]:
    """Every built-in tool a client can reach (the editor's, loaded or not, and the server-run ones
    such as discover_tools) -> its parameter names."""
    async with connect_peer(editor.instance.endpoint) as connection:
        catalog = await request_catalog(connection)
    return {tool.name: set(tool.input_schema.get("properties", {})) for tool in builtin_tools(catalog)}


@pytest.mark.parametrize("template", BUILTIN_PROMPTS, ids=lambda t: t.name)
async def test_a_prompt_names_only_real_tools_and_parameters(
    engine_editor: EngineEditor, template: PromptTemplate
) -> None:
    tools = await live_catalogue(engine_editor)
    text = template.render({arg.name: f"<{arg.name}>" for arg in template.arguments})
    named = tool_calls(text)
    assert named
    for tool, parameters in named:
        assert tool in tools, f"{template.name} names {tool}, which the editor does not publish"
        unknown = set(parameters) - tools[tool]
        assert not unknown, f"{template.name}: {tool} takes no {sorted(unknown)}"


async def test_prompts_list_and_render_over_stdio(tools: Client) -> None:
    listed = {prompt.name for prompt in (await tools.list_prompts()).prompts}
    rendered = await tools.get_prompt(
        "debug-scene", {"scene": "res://scenes/level.tscn", "node_path": "Player"}
    )
    assert {"debug-scene", "write-test", "build-level", "review-script", "profile-game"} <= listed
    content = rendered.messages[0].content
    assert isinstance(content, types.TextContent)
    assert 'node_get(scene="res://scenes/level.tscn", node_path="Player"' in content.text


async def read_text(client: Client, uri: str) -> str:
    content = (await client.read_resource(uri)).contents[0]
    assert isinstance(content, types.TextResourceContents)
    return content.text


async def read_marked(client: Client, uri: str) -> str:
    """The text of a resource holding project content: exactly one untrusted-content envelope."""
    return envelope_body(await read_text(client, uri))


async def test_the_fixed_resources(tools: Client, engine_editor: EngineEditor) -> None:
    info = json.loads(await read_marked(tools, "godot://project/info"))
    coercion = await read_text(tools, "godot://docs/coercion")
    editor_log = json.loads(await read_marked(tools, "godot://log/editor"))
    game_log = json.loads(await read_marked(tools, "godot://log/game"))
    assert info["path"].rstrip("/") == str(engine_editor.project)
    assert "Vector2" in coercion
    assert {"log", "resume_cursor", "has_more"} <= set(editor_log)
    assert game_log["running"] is False
    assert "game_start" in game_log["hint"]


async def test_a_script_and_a_class(tools: Client) -> None:
    script = await read_marked(tools, "godot://script/scripts/player.gd")
    sprite = json.loads(await read_text(tools, "godot://classdb/Sprite2D"))
    assert "extends CharacterBody2D" in script
    assert sprite["class_name"] == "Sprite2D"
    assert "Node2D" in sprite["inherits"]


async def test_a_scene_that_is_not_open_is_read_from_its_file(tools: Client, folder: Path) -> None:
    shutil.copy(LEVEL, folder / "unopened.tscn")
    scene = f"res://{FOLDER}/unopened.tscn"
    open_scenes = json.dumps(structured(await tools.call_tool("scene_list_open", {})))
    tree = json.loads(await read_marked(tools, f"godot://scene/{FOLDER}/unopened.tscn"))
    assert scene not in open_scenes
    assert tree["scene"] == scene
    assert tree["root_type"] == "Node2D"
    paths = [node["path"] for node in tree["nodes"]]
    assert paths[:3] == [".", "Player", "Player/Sprite2D"]
    assert (
        next(node for node in tree["nodes"] if node["path"] == "Coin1")["instance"]
        == "res://scenes/coin.tscn"
    )


async def test_a_missing_scene_is_resource_not_found(tools: Client) -> None:
    with pytest.raises(Exception, match="NOT_FOUND") as caught:
        await read_text(tools, "godot://scene/no/such/scene.tscn")
    assert getattr(caught.value, "code", None) == -32002


@asynccontextmanager
async def serving(
    editor: EngineEditor, *args: str, env: dict[str, str] | None = None, **client_options: Any
) -> AsyncIterator[Client]:
    """``godot-live-mcp serve --no-launch ARGS`` over real stdio, with client options the shared one lacks."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "godot_live_mcp", "serve", "--project", str(editor.project), "--no-launch", *args],
        env={**editor.env, **(env or {})},
    )
    log_path = editor.workspace / f"server-{len(editor.server_logs)}.log"
    editor.server_logs.append(log_path)
    with log_path.open("w", encoding="utf-8") as server_log:
        async with Client(stdio_client(params, errlog=server_log), mode="legacy", **client_options) as client:
            yield client


async def test_a_subscribed_scene_file_changed_on_disk_is_announced(
    engine_editor: EngineEditor, folder: Path
) -> None:
    scene = folder / "watched.tscn"
    shutil.copy(LEVEL, scene)
    uri = f"godot://scene/{FOLDER}/watched.tscn"
    updated = anyio.Event()
    heard: list[str] = []

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            heard.append(str(message.params.uri))
            updated.set()

    async with serving(engine_editor, message_handler=on_message) as client:
        with pytest.warns(MCPDeprecationWarning):
            await client.subscribe_resource(uri)
        await anyio.sleep(1.5)
        assert heard == []
        scene.write_text(scene.read_text("utf-8").replace('name="Player"', 'name="Hero"'), "utf-8")
        with anyio.fail_after(10):
            await updated.wait()
        tree = json.loads(await read_marked(client, uri))
    assert heard == [uri]
    assert "Hero" in [node["name"] for node in tree["nodes"]]


async def test_confirm_destructive_refuses_without_elicitation_and_the_audit_keeps_no_arguments(
    engine_editor: EngineEditor, folder: Path
) -> None:
    victim = folder / "keep_me.txt"
    victim.write_text("precious", "utf-8")
    state = engine_editor.workspace / "state"
    path = f"res://{FOLDER}/keep_me.txt"
    async with serving(
        engine_editor, "--confirm", "destructive", env={"XDG_STATE_HOME": str(state)}
    ) as client:
        refused = failure(await client.call_tool("file_delete", {"path": path}))
        read = await client.call_tool("file_read", {"path": path})
    assert refused["code"] == "PERMISSION_DENIED"
    assert "--confirm destructive" in refused["hint"]
    assert victim.read_text("utf-8") == "precious"
    assert not read.is_error
    audit = "\n".join(p.read_text("utf-8") for p in (state / "godot-live-mcp" / "audit").glob("*.jsonl"))
    lines = [json.loads(line) for line in audit.splitlines()]
    assert [(line["tool"], line["outcome"]) for line in lines] == [
        ("file_delete", "PERMISSION_DENIED"),
        ("file_read", "OK"),
    ]
    assert "keep_me" not in audit
