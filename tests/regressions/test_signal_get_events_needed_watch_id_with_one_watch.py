"""Regression (issue 24): signal_get_events required watch_id even while one watch ran. Left out, it
reads the one watch; while several run it answers INVALID_PARAMS naming their ids."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call, error_code, error_text, game

pytestmark = [pytest.mark.engine, pytest.mark.anyio]
__all__ = ["game"]


async def test_the_one_watch_is_read_without_its_id(game: Client) -> None:
    first = await call(game, "signal_watch", node_path="/root/GameState", signal="score_changed")
    await call(game, "runtime_call_method", node_path="/root/GameState", method="add_score", args=[1])
    events = await call(game, "signal_get_events")
    assert (events["watch_id"], len(events["events"])) == (first["watch_id"], 1)
    second = await call(game, "signal_watch", node_path="Coin1", signal="collected")
    both = await game.call_tool("signal_get_events", {})
    assert error_code(both) == "INVALID_PARAMS"
    assert f"{first['watch_id']}, {second['watch_id']}" in error_text(both)
    for watch in (first, second):
        await call(game, "signal_unwatch", watch_id=watch["watch_id"])
