"""runtime_screenshot of a game a headless editor runs headless, with restart: true: restarted on a private
display and captured with real pixels, saying so. (Without it, refused: tests/regressions/
test_a_screenshot_restarted_the_game_and_lost_its_state.py; a game started with display: true keeps its
state: tests/engine/rendering/test_screenshot_keeps_the_game.py.)"""

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


async def test_restart_true_restarts_a_headless_game_on_a_private_display_and_says_so(game: Client) -> None:
    before = await call(game, "game_status")
    assert before["game"]["display"] == "none"

    shot = image_result(
        await game.call_tool(
            "runtime_screenshot", {"format": "png", "region": {"node": "Player"}, "restart": True}
        )
    )

    assert "restarted" in shot.described["note"]
    assert shot.described["restarted_game"]["display"] == "virtual"
    pixels = png_pixels(shot.data)
    middle = pixels.rows[16][16 * pixels.channels : 16 * pixels.channels + 3]
    assert all(abs(value - wanted) <= 4 for value, wanted in zip(middle, PLAYER_BLUE, strict=True))
    after = await call(game, "game_status")
    assert after["game"]["display"] == "virtual"
    assert after["game"]["pid"] != before["game"]["pid"]
    again = image_result(await game.call_tool("runtime_screenshot", {"max_size": 64, "restart": True}))
    assert "note" not in again.described, "already on a display: captured at once, not restarted"
