"""Signal watches: record emissions with their arguments, page through them, and emit signals."""

from __future__ import annotations

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import call, error_code, error_text, node_values

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_watch_records_each_emission_with_its_arguments_and_frame(game: Client) -> None:
    watch = await call(game, "signal_watch", node_path="/root/GameState", signal="score_changed")
    assert watch["args"] == ["new_score: int"]
    start = (await node_values(game, "/root/GameState", "score"))["score"]
    await call(game, "runtime_call_method", node_path="/root/GameState", method="add_score", args=[2])
    await call(game, "runtime_call_method", node_path="/root/GameState", method="add_score", args=[5])
    events = await call(game, "signal_get_events", watch_id=watch["watch_id"])
    assert [event["args"] for event in events["events"]] == [[start + 2], [start + 7]]
    assert all(isinstance(event["frame"], int) for event in events["events"])
    assert events["last_seq"] == 2
    assert events["has_more"] is False
    unwatched = await call(game, "signal_unwatch", watch_id=watch["watch_id"])
    assert unwatched["events_recorded"] == 2


async def test_events_page_from_a_cursor(game: Client) -> None:
    watch = await call(game, "signal_watch", node_path="Coin1", signal="collected")
    for value in (1, 2, 3):
        await call(game, "signal_emit", node_path="Coin1", signal="collected", args=[value])
    first = await call(game, "signal_get_events", watch_id=watch["watch_id"], limit=2)
    assert [event["args"] for event in first["events"]] == [[1], [2]]
    assert first["has_more"] is True
    rest = await call(game, "signal_get_events", watch_id=watch["watch_id"], cursor=first["next_cursor"])
    assert [event["args"] for event in rest["events"]] == [[3]]
    await call(game, "signal_unwatch", watch_id=watch["watch_id"])


async def test_emit_reaches_the_game_s_own_handlers(game: Client) -> None:
    await call(game, "signal_emit", node_path="/root/GameState", signal="score_changed", args=[42])
    assert (await node_values(game, "HUD/ScoreLabel", "text"))["text"] == "Score: 42"


async def test_unknown_signals_watches_and_wrong_arguments_are_refused(game: Client) -> None:
    unknown = await game.call_tool("signal_watch", {"node_path": "Coin1", "signal": "picked"})
    assert error_code(unknown) == ErrorCode.NOT_FOUND
    assert "collected" in error_text(unknown)
    assert error_code(await game.call_tool("signal_get_events", {"watch_id": 9999})) == ErrorCode.NOT_FOUND
    assert error_code(await game.call_tool("signal_unwatch", {"watch_id": 9999})) == ErrorCode.NOT_FOUND
    wrong = await game.call_tool("signal_emit", {"node_path": "Coin1", "signal": "collected", "args": []})
    assert error_code(wrong) == ErrorCode.INVALID_PARAMS
    no_node = await game.call_tool("signal_watch", {"node_path": "Coin9", "signal": "collected"})
    assert error_code(no_node) == ErrorCode.NOT_FOUND
