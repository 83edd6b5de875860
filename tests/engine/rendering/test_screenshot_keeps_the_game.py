"""A screenshot mid-game keeps the game: a game of a headless editor on its private display (which draws
only when asked) is captured at the frame it stands on, with its state, held input and process kept."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, mcp_client
from tests.engine.rendering.image_files import png_pixels
from tests.engine.rendering.images import image_result
from tests.engine.rendering.test_headless_game_view import PLAYER_BLUE, near
from tests.engine.runtime.conftest import PLAYER_START, STEP_PX, call, player_position

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FRAMES = 30


@pytest.fixture(scope="module")
async def shown_game(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    """The level on a private display, paused after the player ran right for a while, holding the key."""
    async with mcp_client(engine_editor) as client:
        await call(client, "game_start", display=True)
        try:
            await call(client, "runtime_pause")
            await call(client, "input_action_press", action="move_right")
            await call(client, "runtime_step", frames=FRAMES)
            await call(client, "execute_code", code="GameState.add_score(3)")
            yield client
        finally:
            await client.call_tool("game_stop", {})


async def game_state(client: Client) -> dict[str, Any]:
    performance = await call(client, "runtime_get_performance")
    held = await call(client, "execute_code", code="Input.is_action_pressed('move_right')")
    score = await call(client, "execute_code", code="GameState.score")
    pid = (await call(client, "game_status"))["game"]["pid"]
    position = await player_position(client)
    return {
        "frame": performance["game_frame"],
        "held": held["value"],
        "score": score["value"],
        "pid": pid,
        "position": position,
    }


async def test_a_screenshot_mid_game_keeps_the_frame_the_state_and_the_held_input(shown_game: Client) -> None:
    before = await game_state(shown_game)
    assert before["position"][0] > PLAYER_START[0] + 20, "the player ran right"

    whole = image_result(
        await shown_game.call_tool("runtime_screenshot", {"format": "png", "max_size": 1152})
    )
    again = image_result(
        await shown_game.call_tool("runtime_screenshot", {"format": "png", "max_size": 1152})
    )

    assert await game_state(shown_game) == before
    assert "note" not in whole.described, "not restarted"
    assert whole.data == again.data, "no frame ran between the two captures"
    pixels = png_pixels(whole.data)
    x, y = (round(value) for value in before["position"])
    assert near(pixels.rows[y][x * pixels.channels :], PLAYER_BLUE), "the player where it stands now"
    start_x, start_y = (round(value) for value in PLAYER_START)
    assert not near(pixels.rows[start_y][start_x * pixels.channels :], PLAYER_BLUE), "not where it started"


async def test_the_game_goes_on_from_where_it_was_after_a_screenshot(shown_game: Client) -> None:
    before = await player_position(shown_game)
    await shown_game.call_tool("runtime_screenshot", {"max_size": 64})

    stepped = await call(shown_game, "runtime_step", frames=1)

    assert stepped["frames_stepped"] == 1
    after = await player_position(shown_game)
    assert after[0] == pytest.approx(before[0] + STEP_PX, abs=0.01), "the held key still moves it one step"


async def test_a_running_game_is_captured_where_it_is_without_a_restart(shown_game: Client) -> None:
    pid = (await call(shown_game, "game_status"))["game"]["pid"]
    await call(shown_game, "input_action_release", action="move_right")
    await call(shown_game, "runtime_resume")

    shot = image_result(await shown_game.call_tool("runtime_screenshot", {}))

    assert shot.mime_type == "image/jpeg"
    assert (await call(shown_game, "game_status"))["game"]["pid"] == pid
    assert (await call(shown_game, "execute_code", code="GameState.score"))["value"] >= 3
