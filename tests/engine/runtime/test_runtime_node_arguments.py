"""Node arguments by path: signal_emit and runtime_call_method take a live node as {"node": path}, or
as a path (plain or a tagged NodePath) where the parameter is typed as a node."""

from __future__ import annotations

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import call, node_values
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_signal_emitted_with_a_node_by_path_reaches_its_handler(game: Client) -> None:
    before = (await node_values(game, "/root/GameState", "score"))["score"]
    emitted = await call(
        game, "signal_emit", node_path="Coin2", signal="body_entered", args=[{"node": "Player"}]
    )
    assert emitted["emitted"] is True
    # The coin's handler saw the player: it scored and took the coin away.
    assert (await node_values(game, "/root/GameState", "score"))["score"] == before + 1
    gone = await game.call_tool("runtime_get_node", {"node_path": "Coin2"})
    assert failure(gone)["code"] == ErrorCode.NOT_FOUND


async def test_a_method_takes_a_node_as_an_object_a_path_or_a_node_path(game: Client) -> None:
    for argument in (
        {"node": "Player"},
        "Player",
        {"type": "NodePath", "path": "Player"},
        {"node": "/root/Level/Player"},
    ):
        called = await call(
            game, "runtime_call_method", node_path=".", method="is_ancestor_of", args=[argument]
        )
        assert called["result"] is True, argument
    outside = await call(
        game, "runtime_call_method", node_path="Player", method="is_ancestor_of", args=[{"node": "."}]
    )
    assert outside["result"] is False


async def test_a_node_argument_that_names_no_node_says_which_nodes_exist(game: Client) -> None:
    missing = await game.call_tool(
        "runtime_call_method", {"node_path": ".", "method": "is_ancestor_of", "args": [{"node": "Playr"}]}
    )
    assert failure(missing)["code"] == ErrorCode.NOT_FOUND
    assert "Player" in failure(missing)["hint"]
