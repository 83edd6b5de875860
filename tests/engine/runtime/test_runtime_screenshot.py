"""runtime_screenshot of a game a headless editor runs headless: restarted on a private display and captured
with real pixels, never a blank image; it says so. (A game started with display: true:
tests/engine/rendering/test_headless_game_view.py.)"""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.rendering.image_files import png_pixels
from tests.engine.rendering.images import image_result
from tests.engine.runtime.conftest import call, error_code

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

PLAYER_BLUE = (74, 163, 223)


async def test_screenshot_arguments_are_checked_before_anything_is_captured(game: Client) -> None:
    assert error_code(await game.call_tool("runtime_screenshot", {"format": "gif"})) == "INVALID_PARAMS"
    assert error_code(await game.call_tool("runtime_screenshot", {"scale": 10})) == "INVALID_PARAMS"


async def test_a_headless_game_is_restarted_on_a_private_display_and_shows_the_player(game: Client) -> None:
    before = await call(game, "game_status")
    assert before["game"]["display"] == "none"

    shot = image_result(
        await game.call_tool("runtime_screenshot", {"format": "png", "region": {"node": "Player"}})
    )

    assert "restarted" in shot.described["note"]
    assert shot.described["restarted_game"]["display"] == "virtual"
    pixels = png_pixels(shot.data)
    middle = pixels.rows[16][16 * pixels.channels : 16 * pixels.channels + 3]
    assert all(abs(value - wanted) <= 4 for value, wanted in zip(middle, PLAYER_BLUE, strict=True))
    after = await call(game, "game_status")
    assert after["game"]["display"] == "virtual"
    assert after["game"]["pid"] != before["game"]["pid"]
    again = image_result(await game.call_tool("runtime_screenshot", {"max_size": 64}))
    assert "note" not in again.described, "already on a display: captured at once"
