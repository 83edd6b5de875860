"""runtime_screenshot: real pixels from the game a full editor on Xvfb started (not headless)."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.harness import expect_editor_error
from tests.engine.rendering.image_files import png_pixels
from tests.engine.rendering.images import image_result

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# The level's ground polygon, Color(0.3, 0.55, 0.29), and the default clear colour (0.3, 0.3, 0.3).
GROUND = (77, 140, 74)
BACKGROUND = (77, 77, 77)


def near(pixel: bytes, colour: tuple[int, int, int], tolerance: int = 4) -> bool:
    return all(abs(int(value) - wanted) <= tolerance for value, wanted in zip(pixel[:3], colour, strict=True))


async def test_the_game_of_a_gui_editor_is_captured_with_its_real_pixels_running_and_paused(
    gui_tools: Client,
) -> None:
    # The editor asks its game's window to be parented to its own (--wid); with no window manager
    # on the Xvfb screen, the game's X11 start-up logs this twice. Engine noise, not ours.
    expect_editor_error(r"Unhandled XServer error: BadWindow \(invalid Window parameter\)")
    started = await gui_tools.call_tool("game_start", {})
    assert not started.is_error, started.content
    try:
        running = image_result(
            await gui_tools.call_tool("runtime_screenshot", {"format": "png", "max_size": 576})
        )
        await gui_tools.call_tool("runtime_pause", {})
        paused = image_result(await gui_tools.call_tool("runtime_screenshot", {"max_size": 320}))
    finally:
        await gui_tools.call_tool("game_stop", {})
    assert isinstance(started.structured_content, dict)
    assert started.structured_content["headless"] is False
    assert (running.described["source_width"], running.described["source_height"]) == (1152, 648)
    pixels = png_pixels(running.data)
    assert (pixels.width, pixels.height) == (576, 324)
    assert near(pixels.rows[300][288 * pixels.channels :], GROUND), "the ground, drawn across the bottom"
    assert near(pixels.rows[100][288 * pixels.channels :], BACKGROUND), "empty sky above it"
    assert paused.mime_type == "image/jpeg"
