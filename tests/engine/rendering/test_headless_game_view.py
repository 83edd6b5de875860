"""A headless editor's game with real pixels: game_start {display: true} runs it on a private Xvfb.

The session's editor is headless (no display of its own); the game it starts draws with software OpenGL
on a screen the editor starts for it, and the screen ends with the game.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, mcp_client
from tests.engine.rendering.image_files import jpeg_size, png_pixels
from tests.engine.rendering.images import failure_code, image_result
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# The player's sprite (32 px square, its middle pixel this blue) stands at (160, 564) in the level, whose
# camera shows world pixels 1:1; the sky above is the default clear colour.
PLAYER_BLUE = (74, 163, 223)
SKY = (77, 77, 77)
PLAYER_RECT = {"x": 144, "y": 548, "width": 32, "height": 32}


def near(pixel: bytes, colour: tuple[int, int, int], tolerance: int = 4) -> bool:
    return all(abs(int(value) - wanted) <= tolerance for value, wanted in zip(pixel[:3], colour, strict=True))


def live_xvfb_children(parent: int) -> list[str]:
    """Command lines of the Xvfb servers ``parent`` started that still run (zombies excluded)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        if int(stat[1]) == parent and stat[0] != "Z" and "Xvfb" in command:
            found.append(command)
    return found


@pytest.fixture(scope="module")
async def shown_game(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    """The level running on a private display, paused after it settled on the floor."""
    async with mcp_client(engine_editor) as client:
        started = structured(await client.call_tool("game_start", {"display": True}))
        assert started["game"]["display"] == "virtual"
        assert started["headless"] is True, "the editor itself stays headless"
        try:
            structured(await client.call_tool("runtime_pause", {}))
            yield client
        finally:
            await client.call_tool("game_stop", {})  # the last test stops it itself


async def test_the_game_of_a_headless_editor_shows_the_player_in_its_colour_where_it_stands(
    shown_game: Client,
) -> None:
    view = image_result(await shown_game.call_tool("runtime_screenshot", {"format": "png", "max_size": 1152}))

    pixels = png_pixels(view.data)
    assert (view.described["source_width"], view.described["source_height"]) == (1152, 648)
    assert (pixels.width, pixels.height) == (1152, 648)
    assert near(pixels.rows[564][160 * pixels.channels :], PLAYER_BLUE), "the player"
    assert near(pixels.rows[100][600 * pixels.channels :], SKY), "the sky"
    renderer = structured(
        await shown_game.call_tool("execute_code", {"code": "RenderingServer.get_video_adapter_name()"})
    )
    assert "llvmpipe" in renderer["value"]


async def test_a_region_naming_a_node_captures_its_on_screen_rectangle(shown_game: Client) -> None:
    view = image_result(
        await shown_game.call_tool("runtime_screenshot", {"format": "png", "region": {"node": "Player"}})
    )

    pixels = png_pixels(view.data)
    assert view.described["image"]["region"] == PLAYER_RECT
    assert (pixels.width, pixels.height) == (32, 32)
    assert near(pixels.rows[16][16 * pixels.channels :], PLAYER_BLUE)


async def test_scale_enlarges_a_node_with_its_margin_and_shrinks_a_region_of_pixels(
    shown_game: Client,
) -> None:
    arguments = {"format": "png", "region": {"node": "Player", "margin": 8}, "scale": 4}
    enlarged = image_result(await shown_game.call_tool("runtime_screenshot", arguments))
    region = {"x": 100, "y": 50, "width": 300, "height": 200}
    shrunk = image_result(await shown_game.call_tool("runtime_screenshot", {"region": region, "scale": 0.5}))
    whole = image_result(await shown_game.call_tool("runtime_screenshot", {"scale": 2}))

    pixels = png_pixels(enlarged.data)
    assert enlarged.described["image"]["region"] == {"x": 136, "y": 540, "width": 48, "height": 48}
    assert (pixels.width, pixels.height) == (192, 192)
    assert near(pixels.rows[96][96 * pixels.channels :], PLAYER_BLUE), "sharp pixels, the player's middle"
    assert near(pixels.rows[2][2 * pixels.channels :], SKY), "the margin shows the sky above it"
    assert shrunk.described["image"]["region"] == region
    assert jpeg_size(shrunk.data) == (150, 100)
    assert jpeg_size(whole.data) == (900, 506), "max_size still caps the long side"
    assert "region" not in whole.described["image"]


async def test_regions_outside_the_view_or_of_unknown_nodes_are_refused(shown_game: Client) -> None:
    outside = {"region": {"x": 2000, "y": 0, "width": 10, "height": 10}}
    assert failure_code(await shown_game.call_tool("runtime_screenshot", outside)) == "INVALID_PARAMS"
    unknown = {"region": {"node": "Nobody"}}
    assert failure_code(await shown_game.call_tool("runtime_screenshot", unknown)) == "NOT_FOUND"
    incomplete = {"region": {"x": 0, "y": 0}}
    assert failure_code(await shown_game.call_tool("runtime_screenshot", incomplete)) == "INVALID_PARAMS"


async def test_the_private_screen_ends_with_the_game(shown_game: Client, engine_editor: EngineEditor) -> None:
    running = live_xvfb_children(engine_editor.process.pid)
    stopped = structured(await shown_game.call_tool("game_stop", {}))

    assert len(running) == 1, running
    assert stopped["last_run"]["display"] == "virtual"
    with anyio.fail_after(5):
        while True:
            if not live_xvfb_children(engine_editor.process.pid):
                return
            await anyio.sleep(0.05)  # pacing only: the server's own exit decides
