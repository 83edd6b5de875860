"""editor.screenshot: real pixels from a full editor on Xvfb, and a clear refusal from a headless one.

The tests share one GUI editor; the last one reads its whole log, after every capture above it.
"""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, warnings_and_errors
from tests.engine.rendering.conftest import KNOWN_DISPLAY_WARNINGS
from tests.engine.rendering.image_files import jpeg_size, png_pixels
from tests.engine.rendering.images import ImageResult, failure_code, image_result
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def scaled_size(image: ImageResult, max_size: int = 900) -> tuple[int, int]:
    """The size the capture should have: its source scaled so the long side is at most max_size."""
    width, height = image.described["source_width"], image.described["source_height"]
    factor = min(1.0, max_size / max(width, height))
    return round(width * factor), round(height * factor)


async def test_the_gui_editor_is_a_rendering_editor(gui_tools: Client) -> None:
    info = await gui_tools.call_tool("editor_get_info", {})

    assert isinstance(info.structured_content, dict)
    assert info.structured_content["headless"] is False
    assert info.structured_content["display_server"] == "X11"


async def test_by_default_the_2d_viewport_of_the_open_level_comes_back_as_a_900_px_jpeg(
    gui_tools: Client,
) -> None:
    image = image_result(await gui_tools.call_tool("editor_screenshot", {}))

    assert image.mime_type == "image/jpeg"
    assert image.described["viewport"] == "2d"
    assert jpeg_size(image.data) == scaled_size(image)
    assert image.described["image"]["bytes"] == len(image.data)
    assert max(jpeg_size(image.data)) == min(900, image.described["source_width"])


async def test_the_whole_window_as_png_shows_the_editor_not_a_blank_image(gui_tools: Client) -> None:
    arguments = {"viewport": "main", "format": "png", "max_size": 480}

    image = image_result(await gui_tools.call_tool("editor_screenshot", arguments))

    pixels = png_pixels(image.data)
    assert image.mime_type == "image/png"
    assert (pixels.width, pixels.height) == scaled_size(image, 480)
    assert (image.described["source_width"], image.described["source_height"]) == (1280, 720)
    assert len(pixels.colours()) > 50, "an editor window has text, icons and panels"


async def test_the_3d_viewport_is_brought_on_screen_and_then_becomes_the_default(gui_tools: Client) -> None:
    shown = image_result(await gui_tools.call_tool("editor_screenshot", {"viewport": "3d", "max_size": 320}))
    default = image_result(await gui_tools.call_tool("editor_screenshot", {"max_size": 320}))
    back = image_result(await gui_tools.call_tool("editor_screenshot", {"viewport": "2d", "max_size": 320}))

    assert shown.described["viewport"] == "3d"
    assert jpeg_size(shown.data) == scaled_size(shown, 320)
    assert default.described["viewport"] == "3d"
    assert back.described["viewport"] == "2d"


async def test_the_byte_budget_is_met_by_a_smaller_image(gui_tools: Client) -> None:
    arguments = {"viewport": "main", "format": "png"}
    full = image_result(await gui_tools.call_tool("editor_screenshot", arguments))
    budget = len(full.data) // 3

    fitted = image_result(await gui_tools.call_tool("editor_screenshot", {**arguments, "max_bytes": budget}))

    assert len(fitted.data) <= budget
    assert png_pixels(fitted.data).width < png_pixels(full.data).width


async def test_a_format_outside_the_schema_is_refused_before_the_editor(gui_tools: Client) -> None:
    assert failure_code(await gui_tools.call_tool("editor_screenshot", {"format": "gif"})) == "INVALID_PARAMS"


async def test_a_headless_editor_answers_headless_unsupported_never_a_blank_image(tools: Client) -> None:
    result = await tools.call_tool("editor_screenshot", {})

    assert failure_code(result) == "HEADLESS_UNSUPPORTED"
    assert "--headless" in failure(result)["hint"]


def test_the_gui_editor_loaded_the_addon_without_warnings_or_errors(gui_editor: EngineEditor) -> None:
    problems = warnings_and_errors(gui_editor.log_path, KNOWN_DISPLAY_WARNINGS)

    assert gui_editor.instance.headless is False
    assert not problems, "\n".join(problems)
