"""discover_tools and run_tool through the whole Python path (MCP client -> server -> fake editor)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.client import Client, IncomingMessage

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.surface import StartupTools
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.mcp_results import failure, structured
from tests.mcp_results import text_of as text
from tests.unit.fakes.fake_editor import FakeEditor
from tests.unit.fakes.sources import FixedSource
from tests.unit.server.surface_catalog import COMMANDS

pytestmark = pytest.mark.anyio

STARTUP = ["discover_tools", "run_tool", "scene_get_tree", "node_get", "editor_ping"]


@dataclass
class Session:
    client: Client
    changes: list[None] = field(default_factory=list)

    async def names(self) -> list[str]:
        return [tool.name for tool in (await self.client.list_tools(cache_mode="refresh")).tools]

    async def discover(self, **arguments: Any) -> types.CallToolResult:
        self.changes.clear()
        return await self.client.call_tool("discover_tools", arguments)


@dataclass
class Served:
    app: GodotMcpApp
    editor: FakeEditor

    @asynccontextmanager
    async def session(self, mode: str = "legacy") -> AsyncIterator[Session]:
        changes: list[None] = []

        async def on_message(message: IncomingMessage) -> None:
            if isinstance(message, types.ToolListChangedNotification):
                changes.append(None)

        async with Client(self.app.server, mode=mode, message_handler=on_message) as client:
            session = Session(client, changes)
            await client.list_tools()
            await anyio.sleep(0.05)  # the first catalogue's announcement, if any, arrives before the test
            session.changes.clear()
            yield session


@asynccontextmanager
async def serving(tmp_path: Path, *, read_only: bool = False, max_tools: int = 80) -> AsyncIterator[Served]:
    async with FakeEditor(tmp_path, [dict(c) for c in COMMANDS]) as editor:
        link = EditorLink(FixedSource(editor.instance), backoff=Backoff(0.01, 2, 0.05))
        app = GodotMcpApp(link, ToolPolicy(read_only), startup_wait_s=5, max_tools=max_tools)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            yield Served(app, editor)
            tasks.cancel_scope.cancel()


async def test_without_arguments_it_answers_the_group_catalogue(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        answer = await session.discover()
    catalogue = structured(answer)
    assert [group["name"] for group in catalogue["groups"]] == ["scene", "node", "input_map", "tilemap"]
    node = catalogue["groups"][1]
    assert node["tools"] == ["node_get", "node_delete", "node_rename"]
    assert node["loaded"] is False
    assert "  tilemap: The tilemap tools. [tilemap_paint, tilemap_get_cells]" in text(answer)
    assert session.changes == []


async def test_a_group_by_name_is_listed_and_the_session_told_once(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        answer = await session.discover(request="node")
        told = len(session.changes)
        listed = await session.names()
        again = await session.discover(request="node")
    assert told == 1
    assert listed == [*STARTUP[:4], "node_delete", "node_rename", "editor_ping"]
    assert structured(answer)["loaded"] == ["node"]
    assert text(answer).startswith("Loaded node (you named it): node_get, node_delete, node_rename.")
    assert "Already loaded node" in text(again)
    assert session.changes == []  # nothing changed: no announcement


async def test_loaded_groups_belong_to_one_session(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as first, served.session() as second:
        await first.discover(request="tilemap")
        assert "tilemap_paint" in await first.names()
        assert await second.names() == STARTUP
        assert second.changes == []


async def test_a_task_in_words_loads_the_best_group_and_says_why(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        answer = await session.discover(request="paint a tile map")
        nothing = await session.discover(request="bake the navigation mesh")
    assert structured(answer)["loaded"] == ["tilemap"]
    assert "'paint' in its keywords" in structured(answer)["matched"]["tilemap"]
    assert structured(nothing)["loaded"] == []
    assert "Nothing matched 'bake the navigation mesh' well enough" in text(nothing)


async def test_a_list_of_group_and_tool_names_loads_their_groups(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        answer = await session.discover(request=["input_map", "tilemap.paint", "node_get"])
        unknown = await session.discover(request=["nodes"])
    assert structured(answer)["loaded"] == ["input_map", "tilemap"]
    assert "node_get is always listed." in text(answer)
    assert failure(unknown)["code"] == "NOT_FOUND"
    assert failure(unknown)["hint"].startswith("Did you mean 'node'")


async def test_unload_removes_a_group_again(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        await session.discover(request="node, tilemap")
        answer = await session.discover(unload=["node"])
        told = len(session.changes)
        listed = await session.names()
    assert structured(answer)["unloaded"] == ["node"]
    assert told == 1
    assert "node_delete" not in listed
    assert "tilemap_paint" in listed


async def test_loading_past_the_cap_loads_nothing_and_names_what_to_unload(tmp_path: Path) -> None:
    async with serving(tmp_path, max_tools=8) as served, served.session() as session:
        await session.discover(request="node")
        refused = await session.discover(request="tilemap")
        listed = await session.names()
        swapped = await session.discover(request="tilemap", unload=["node"])
        reached = await session.client.call_tool("run_tool", {"name": "node_delete", "arguments": {}})
    assert failure(refused)["code"] == "LIMIT_EXCEEDED"
    assert "would list 9 tools, past this server's cap of 8" in failure(refused)["message"]
    assert '"unload": ["node"]' in failure(refused)["hint"]
    assert len(listed) == 7
    assert structured(swapped)["loaded"] == ["tilemap"]
    assert not reached.is_error


async def test_include_schemas_returns_the_loaded_tools_input_schemas(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        answer = await session.discover(request="node", include_schemas=True)
    schemas = {tool["name"]: tool for tool in structured(answer)["tools"]}
    assert list(schemas) == ["node_get", "node_delete", "node_rename"]
    assert schemas["node_delete"]["inputSchema"]["properties"] == {"node_path": {"type": "string"}}
    assert '{"name":"node_delete"' in text(answer)


async def test_run_tool_checks_the_arguments_of_a_tool_not_listed(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        bad = await session.client.call_tool("run_tool", {"name": "node_delete", "arguments": {"path": 1}})
        good = await session.client.call_tool(
            "run_tool", {"name": "node_delete", "arguments": {"node_path": "A"}}
        )
        unknown = await session.client.call_tool("run_tool", {"name": "node_delet"})
        nameless = await session.client.call_tool("run_tool", {"arguments": {}})
        itself = await session.client.call_tool("run_tool", {"name": "run_tool"})
    assert failure(bad)["code"] == "INVALID_PARAMS"
    assert "/path is not an argument of node_delete" in text(bad)
    assert structured(good) == {"echo": {"node_path": "A"}}
    assert served.editor.methods_received().count("node.delete") == 1
    assert failure(unknown)["code"] == "UNKNOWN_TOOL"
    assert failure(unknown)["hint"].startswith("Did you mean 'node_delete'")
    assert failure(nameless)["code"] == "INVALID_PARAMS"
    assert failure(itself)["message"] == "run_tool cannot run itself."


async def test_read_only_mode_lists_and_runs_only_read_only_tools(tmp_path: Path) -> None:
    async with serving(tmp_path, read_only=True) as served, served.session() as session:
        answer = await session.discover(request="tilemap")
        listed = await session.names()
        refused = await session.client.call_tool("run_tool", {"name": "tilemap_paint", "arguments": {}})
        read = await session.client.call_tool("run_tool", {"name": "tilemap_get_cells", "arguments": {}})
        run_tool = next(t for t in (await session.client.list_tools()).tools if t.name == "run_tool")
    assert structured(answer)["loaded"] == ["tilemap"]
    assert listed == [*STARTUP[:4], "tilemap_get_cells", "editor_ping"]
    assert failure(refused)["code"] == "READ_ONLY_MODE"
    assert "tilemap.paint" not in served.editor.methods_received()
    assert not read.is_error
    assert run_tool.annotations is not None
    assert run_tool.annotations.read_only_hint is True


async def test_a_tool_not_listed_still_answers_a_direct_call(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        result = await session.client.call_tool("node_rename", {"node_path": "A"})
    assert structured(result) == {"echo": {"node_path": "A"}}


async def test_a_2026_session_keeps_no_groups_and_gets_each_tool_in_one_line(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session(mode="auto") as session:
        answer = await session.discover(request="node")
        compact = await session.discover(request="node", include_schemas=False)
        full = await session.discover(request="node", include_schemas=True)
        listed = await session.names()
    assert listed == STARTUP
    assert structured(answer)["loaded"] == []
    lines = structured(answer)["tools"]
    assert [line.split("(")[0] for line in lines] == ["node_get", "node_delete", "node_rename"]
    assert "node_delete(node_path?: str). The node.delete command." in lines
    assert "call these tools through run_tool" in text(answer)
    assert structured(compact)["tools"] == lines  # include_schemas: false is honoured
    assert "inputSchema" not in text(answer)
    assert [tool["name"] for tool in structured(full)["tools"]] == ["node_get", "node_delete", "node_rename"]


async def test_the_start_up_surface_follows_the_serve_option(tmp_path: Path) -> None:
    async with serving(tmp_path) as served:
        served.app.startup = StartupTools.parse("all")
        async with served.session() as session:
            listed = await session.names()
    assert len(listed) == 2 + len(COMMANDS)


async def test_a_two_word_group_name_and_a_tool_name_each_load_their_group(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session() as session:
        spaced = structured(await session.discover(request="input map"))
        by_tool = structured(await session.discover(request="node.delete"))
    assert spaced["matched"] == {"input_map": "you named it"}
    assert by_tool["matched"] == {"node": "node_delete is in it"}


async def test_a_2026_session_naming_tools_gets_the_lines_of_those_tools_only(tmp_path: Path) -> None:
    async with serving(tmp_path) as served, served.session(mode="auto") as session:
        by_tool = structured(await session.discover(request=["node_delete", "node_rename"]))
        by_both = structured(await session.discover(request=["node_delete", "node"]))
    assert [line.split("(")[0] for line in by_tool["tools"]] == ["node_delete", "node_rename"]
    assert by_tool["matched"] == {"node": "node_delete is in it"}
    assert [line.split("(")[0] for line in by_both["tools"]] == ["node_get", "node_delete", "node_rename"]
