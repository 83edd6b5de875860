"""The whole Python path (MCP client -> server -> link -> connection) against the fake editor."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from anyio.streams.memory import MemoryObjectReceiveStream
from mcp.client import Client, IncomingMessage
from mcp.server.subscriptions import ToolsListChanged

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.contract import ErrorCode, default_hint
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.mcp_results import failure
from tests.mcp_results import text_of as text
from tests.unit.fakes.fake_editor import FakeEditor, JsonRpcError, command
from tests.unit.fakes.sources import FixedSource

pytestmark = pytest.mark.anyio

SERVER_TOOLS = ["discover_tools", "run_tool"]  # listed in every surface

COMMANDS = [
    command(
        "scene.get_tree",
        schema={
            "type": "object",
            "properties": {"max_depth": {"type": "integer"}},
            "additionalProperties": False,
        },
    ),
    command(
        "node.delete",
        read_only=False,
        schema={"type": "object", "properties": {"node_path": {"type": "string"}}},
    ),
]


@dataclass
class Session:
    client: Client
    editor: FakeEditor
    app: GodotMcpApp
    tool_list_changes: MemoryObjectReceiveStream[None]

    async def change_catalog(self, edit: Callable[[list[dict[str, Any]]], object]) -> None:
        """Edit the fake's catalogue, announce it, and wait for the client to hear of the new tool list."""
        edit(self.editor.catalog)
        self.editor.catalog_version += 1
        published = [c["name"].replace(".", "_") for c in self.editor.catalog]
        await self.editor.notify("catalog.changed", {"catalog_version": self.editor.catalog_version})
        with anyio.fail_after(5):
            async for _ in self.tool_list_changes:
                if [e.name for e in self.app.table.entries()] == published:
                    return


@asynccontextmanager
async def serving(tmp_path: Path, *, read_only: bool = False, mode: str = "legacy") -> AsyncIterator[Session]:
    changes, changes_received = anyio.create_memory_object_stream[None](100)

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changes.send_nowait(None)

    async with FakeEditor(tmp_path, [dict(c) for c in COMMANDS]) as editor, changes, changes_received:
        link = EditorLink(FixedSource(editor.instance), backoff=Backoff(0.01, 2, 0.05))
        app = GodotMcpApp(link, ToolPolicy(read_only), startup_wait_s=5)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            async with Client(app.server, mode=mode, message_handler=on_message) as client:
                await client.list_tools()  # connected, first catalogue applied
                yield Session(client, editor, app, changes_received)
            tasks.cancel_scope.cancel()


async def test_tools_follow_the_catalogue_and_list_changed_is_advertised(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        tools = (await session.client.list_tools()).tools
        capabilities = session.client.server_capabilities
    assert [tool.name for tool in tools] == [*SERVER_TOOLS, "scene_get_tree", "node_delete"]
    assert capabilities.tools is not None
    assert capabilities.tools.list_changed is True


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_call_reaches_the_editor_and_returns_structured_content(tmp_path: Path, mode: str) -> None:
    async with serving(tmp_path, mode=mode) as session:
        result = await session.client.call_tool("scene_get_tree", {"max_depth": 1})
    assert not result.is_error
    assert result.structured_content == {"echo": {"max_depth": 1}}
    assert session.editor.methods_received()[-1] == "scene.get_tree"


async def test_bad_arguments_are_invalid_params_and_never_reach_the_editor(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        wrong_type = await session.client.call_tool("scene_get_tree", {"max_depth": "deep"})
        unknown_arg = await session.client.call_tool("scene_get_tree", {"depth": 1})
    for result in (wrong_type, unknown_arg):
        assert failure(result)["code"] == ErrorCode.INVALID_PARAMS
    assert "/max_depth must be integer" in text(wrong_type)
    assert "scene.get_tree" not in session.editor.methods_received()


async def test_json_text_arguments_are_parsed_before_sending(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        node_find = command(
            "node.find", schema={"type": "object", "properties": {"types": {"type": "array"}}}
        )
        await session.change_catalog(lambda catalog: catalog.append(node_find))
        result = await session.client.call_tool("node_find", {"types": '["Sprite2D"]'})
    assert result.structured_content == {"echo": {"types": ["Sprite2D"]}}


async def test_read_only_lists_only_read_only_tools_and_refuses_others_by_name(tmp_path: Path) -> None:
    async with serving(tmp_path, read_only=True) as session:
        tools = (await session.client.list_tools()).tools
        refused = await session.client.call_tool("node_delete", {"node_path": "Player"})
    assert [tool.name for tool in tools] == [*SERVER_TOOLS, "scene_get_tree"]
    assert refused.is_error
    assert failure(refused)["message"].startswith("node_delete")
    assert "node.delete" not in session.editor.methods_received()


async def test_a_catalogue_change_is_announced_to_the_client(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        await session.change_catalog(lambda catalog: catalog.pop())
        tools = (await session.client.list_tools(cache_mode="refresh")).tools
    assert [tool.name for tool in tools] == [*SERVER_TOOLS, "scene_get_tree"]


async def test_an_editor_timeout_answers_timeout_and_the_server_stays_usable(tmp_path: Path) -> None:
    async def watchdog(params: dict[str, Any]) -> Any:
        raise JsonRpcError(-32000, "scene.get_tree ran past 30000 ms", {"code": "TIMEOUT"})

    async with serving(tmp_path) as session:
        session.editor.handlers["scene.get_tree"] = watchdog
        timed_out = await session.client.call_tool("scene_get_tree", {})
        session.editor.handlers.pop("scene.get_tree")
        after = await session.client.call_tool("scene_get_tree", {})
    assert failure(timed_out) == {
        "code": "TIMEOUT",
        "message": "scene.get_tree: scene.get_tree ran past 30000 ms",
        "hint": default_hint("TIMEOUT"),
    }
    assert not after.is_error


async def test_with_the_editor_gone_calls_fail_fast_with_editor_disconnected(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        await session.editor.stop()
        with anyio.fail_after(5):
            while not (await session.client.call_tool("scene_get_tree", {})).is_error:
                pass  # the close reaches the link within a few loop turns
        began = time.monotonic()
        result = await session.client.call_tool("scene_get_tree", {})
        elapsed = time.monotonic() - began
        tools = (await session.client.list_tools(cache_mode="refresh")).tools
    assert result.is_error
    assert text(result).startswith("EDITOR_DISCONNECTED:")
    assert elapsed < 1
    assert [tool.name for tool in tools] == SERVER_TOOLS  # the editor's tools left with it


async def test_an_unknown_tool_is_unknown_tool(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        result = await session.client.call_tool("scene_nope", {})
    assert result.is_error
    assert text(result).startswith("UNKNOWN_TOOL:")


async def test_a_client_cancellation_cancels_the_editor_request(tmp_path: Path) -> None:
    started = anyio.Event()

    async def stuck(params: dict[str, Any]) -> Any:
        started.set()
        await anyio.sleep_forever()

    async with serving(tmp_path) as session:
        session.editor.handlers["scene.get_tree"] = stuck

        async def call() -> None:
            await session.client.call_tool("scene_get_tree", {})

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(call)
            with anyio.fail_after(5):
                await started.wait()
            tasks.cancel_scope.cancel()
        with anyio.fail_after(5):
            await session.editor.cancel_received.wait()
    stuck_id = next(f["id"] for f in session.editor.received if f["method"] == "scene.get_tree")
    assert session.editor.cancelled == [stuck_id]


async def test_a_catalogue_change_reaches_2026_clients_listening_for_tool_changes(tmp_path: Path) -> None:
    async with serving(tmp_path, mode="auto") as session:
        async with session.client.listen(tools_list_changed=True) as subscription:
            session.editor.catalog.pop()
            session.editor.catalog_version += 1
            await session.editor.notify(
                "catalog.changed", {"catalog_version": session.editor.catalog_version}
            )
            with anyio.fail_after(5):
                event = await subscription.__anext__()
        tools = (await session.client.list_tools(cache_mode="refresh")).tools
    assert isinstance(event, ToolsListChanged)
    assert [tool.name for tool in tools] == [*SERVER_TOOLS, "scene_get_tree"]
