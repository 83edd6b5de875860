"""discover_tools against the live editor: by name, list and words; unload; the cap; schemas inline;
and the client hears tools/list_changed."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types
import pytest
from mcp.client import Client, IncomingMessage
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.engine.harness import EngineEditor
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@dataclass
class Listening:
    client: Client
    changes: list[None] = field(default_factory=list)

    async def names(self) -> set[str]:
        return {tool.name for tool in (await self.client.list_tools(cache_mode="refresh")).tools}

    async def discover(self, **arguments: Any) -> types.CallToolResult:
        self.changes.clear()
        return await self.client.call_tool("discover_tools", arguments)


@asynccontextmanager
async def listening(editor: EngineEditor, *args: str) -> AsyncIterator[Listening]:
    """The default start-up surface (``serve`` without surface flags), with tools/list_changed counted."""
    changes: list[None] = []

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changes.append(None)

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "godot_live_mcp", "serve", "--project", str(editor.project), "--no-launch", *args],
        env=editor.env,
    )
    log_path = editor.workspace / f"server-{len(editor.server_logs)}.log"
    editor.server_logs.append(log_path)
    with log_path.open("w", encoding="utf-8") as server_log:
        async with Client(
            stdio_client(params, errlog=server_log), mode="legacy", message_handler=on_message
        ) as client:
            await client.list_tools()
            yield Listening(client, changes)


async def test_a_group_by_name_is_listed_after_one_list_changed(engine_editor: EngineEditor) -> None:
    async with listening(engine_editor) as session:
        before = await session.names()
        answer = structured(await session.discover(request="signal"))
        told = len(session.changes)
        after = await session.names()
    assert "signal_connect" not in before
    assert answer["loaded"] == ["signal"]
    assert told == 1
    assert {"signal_connect", "signal_list", "signal_watch"} <= after


async def test_a_task_in_words_and_a_list_of_names_load_their_groups(engine_editor: EngineEditor) -> None:
    async with listening(engine_editor) as session:
        words = structured(await session.discover(request="press keys in the running game"))
        names = structured(await session.discover(request=["resource", "autoload_add"]))
        listed = await session.names()
    assert sorted(words["loaded"]) == ["input", "runtime"], words  # keys to send, a running game to read
    assert "'key' in its keywords" in words["matched"]["input"]
    assert "'running game' in its keywords" in words["matched"]["runtime"]
    assert names["loaded"] == ["resource", "autoload"]
    assert {"input_key", "resource_create", "autoload_add"} <= listed


async def test_unload_takes_a_group_off_the_list_again(engine_editor: EngineEditor) -> None:
    async with listening(engine_editor) as session:
        await session.discover(request="classdb")
        answer = structured(await session.discover(unload=["classdb"]))
        told = len(session.changes)
        listed = await session.names()
    assert answer["unloaded"] == ["classdb"]
    assert told == 1
    assert "classdb_list_classes" not in listed


async def test_the_cap_holds_and_run_tool_still_reaches_every_tool(engine_editor: EngineEditor) -> None:
    async with listening(engine_editor) as session:  # the default cap: 80 tools
        groups = [group["name"] for group in structured(await session.discover())["groups"]]
        refused: dict[str, str] = {}
        listed = await session.names()
        for group in groups:
            answer = await session.discover(request=group)
            if answer.is_error:
                refused = failure(answer)
                break
            listed = await session.names()
            assert len(listed) <= 80
        unchanged = await session.names() == listed
        swap = json.loads(refused["hint"].split("discover_tools ", 1)[1].rstrip("."))
        swapped = structured(await session.discover(**swap))
        reached = await session.client.call_tool("run_tool", {"name": "runtime_get_performance"})
    assert refused["code"] == "LIMIT_EXCEEDED"
    assert "nothing was loaded" in refused["message"]
    assert unchanged
    assert swapped["loaded"] == [group]
    assert swapped["listed"] <= 80
    assert failure(reached)["code"] == "GAME_NOT_RUNNING"  # reached the tool: no game runs in this test


async def test_include_schemas_answers_the_schemas_inline(engine_editor: EngineEditor) -> None:
    async with listening(engine_editor) as session:
        answer = structured(await session.discover(request="project", include_schemas=True))
    schemas = {tool["name"]: tool["inputSchema"] for tool in answer["tools"]}
    assert "project_set_setting" in schemas
    assert schemas["project_set_setting"]["type"] == "object"
