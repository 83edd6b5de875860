"""runtime_screenshot in a headless game: a clear refusal, never a blank image.

Real pixels need a game with a display: tests/engine/rendering/test_runtime_view.py.
"""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import error_code, error_text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_headless_game_refuses_screenshots_instead_of_sending_a_blank_image(game: Client) -> None:
    result = await game.call_tool("runtime_screenshot", {})
    assert error_code(result) == "HEADLESS_UNSUPPORTED"
    assert "Xvfb" in error_text(result)


async def test_screenshot_arguments_are_checked_before_anything_is_captured(game: Client) -> None:
    assert error_code(await game.call_tool("runtime_screenshot", {"format": "gif"})) == "INVALID_PARAMS"
