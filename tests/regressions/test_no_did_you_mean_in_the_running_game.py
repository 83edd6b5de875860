"""Regression (issue 9): the running game answered a misspelt input action, method or node with a plain
NOT_FOUND; it now suggests the close names as the editor's tools do."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture(scope="module")
async def game(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    async with mcp_client(engine_editor) as client:
        started = await client.call_tool("game_start", {})
        assert not started.is_error
        try:
            yield client
        finally:
            await client.call_tool("game_stop", {})


async def hint_of(client: Client, tool: str, arguments: dict[str, Any]) -> str:
    refused = failure(await client.call_tool(tool, arguments))
    assert refused["code"] == "NOT_FOUND", refused
    return refused["hint"]


async def test_a_misspelt_action_method_or_node_suggests_the_right_one(game: Client) -> None:
    assert "Did you mean 'move_right'" in await hint_of(game, "input_action_press", {"action": "move_rigth"})
    method = {"node_path": "/root/GameState", "method": "add_scor"}
    assert "Did you mean 'add_score'" in await hint_of(game, "runtime_call_method", method)
    assert "Did you mean 'Player'" in await hint_of(game, "runtime_get_node", {"node_path": "Playr"})
