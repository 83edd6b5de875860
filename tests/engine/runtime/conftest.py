"""A running game for each runtime test module: started through the MCP server on the session's
editor, stopped after the module, so every module begins from the level's start state."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import failure_code, structured, text_of

# The player starts here and moves speed / physics_ticks_per_second = 200 / 60 px each frame.
PLAYER_START = (160.0, 564.0)
STEP_PX = 200.0 / 60.0
# The runtime tests' names for the result readers of tests/mcp_results.py.
error_code = failure_code
error_text = text_of


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    """Call a tool that must succeed and return its structured result."""
    return structured(await client.call_tool(tool, arguments))


async def node_values(client: Client, node_path: str, *names: str) -> dict[str, Any]:
    """name -> JSON value of the live node's properties named (runtime_get_node)."""
    node = await call(client, "runtime_get_node", node_path=node_path, names=list(names))
    assert node["unreadable"] == [], node["unreadable"]
    return {row["name"]: row["value"] for row in node["properties"]}


async def player_position(client: Client) -> tuple[float, float]:
    value = (await node_values(client, "Player", "position"))["position"]
    return float(value["x"]), float(value["y"])


@pytest.fixture(scope="module")
async def game(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    """A client of its own and the game it started (headless, from the session's editor)."""
    async with mcp_client(engine_editor) as client:
        started = await client.call_tool("game_start", {})
        assert not started.is_error, error_text(started)
        try:
            yield client
        finally:
            await client.call_tool("game_stop", {})
