"""Regression (issue 21): ``OS.delay_msec(100000)`` in a ``runtime_step_until`` condition held the game's
main thread, so the game answered nothing for 200 s. Such a call is now refused when the condition is
read, and what a condition may do is bounded: its length, its parts and the time one evaluation takes."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from godot_live_mcp.contract import addon_source_dir
from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture(scope="module")
async def game(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    async with mcp_client(engine_editor, allow_execute=False) as client:
        started = await client.call_tool("game_start", {})
        assert not started.is_error
        try:
            yield client
        finally:
            await client.call_tool("game_stop", {})


async def test_a_delay_in_a_condition_is_refused_and_the_game_answers_at_once(game: Client) -> None:
    before = structured(await game.call_tool("runtime_pause", {}))
    started = time.monotonic()

    refused = await game.call_tool("runtime_step_until", {"condition": "OS.delay_msec(100000) == null"})
    answered = await game.call_tool("runtime_pause", {})

    elapsed = time.monotonic() - started
    assert failure(refused)["code"] == "INVALID_PARAMS"
    assert "'OS'" in failure(refused)["message"]
    assert structured(answered)["game_frame"] == before["game_frame"]
    assert elapsed < 5, f"the game took {elapsed:.1f} s to answer"


async def test_an_oversized_condition_is_refused_before_it_is_evaluated(game: Client) -> None:
    limits = (addon_source_dir() / "contract" / "contract.json").read_text("utf-8")
    assert '"max_chars": 2000' in limits
    huge = "1" + " + 1" * 600
    refused = failure(await game.call_tool("runtime_step_until", {"condition": f"{huge} < 0"}))
    assert refused["code"] == "INVALID_PARAMS"
    assert "longer than" in refused["message"] or "parts" in refused["message"]
