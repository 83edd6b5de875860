"""The screenshot codec on generated noise (it compresses badly, so budgets bite), in the headless editor."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.rendering.image_files import PNG_SIGNATURE, jpeg_size, png_pixels
from tests.engine.rendering.images import failure_code, image_result
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FRAME_CAP_BYTES = int((1024 * 1024 - 8192) * 0.75)  # the default frame buffer, less the JSON around
DEFAULT_BUDGET_BYTES = 64 * 1024  # contract.json limits.screenshot_max_kb
# Noise is far larger than any real picture: tests of format and size lift the budget out of their way.
ROOMY = {"max_bytes": 1_000_000}


async def test_the_default_is_a_jpeg_whose_long_side_is_900_px(tools: Client) -> None:
    image = image_result(await tools.call_tool("harness_encode_image", ROOMY))

    assert image.mime_type == "image/jpeg"
    assert jpeg_size(image.data) == (900, 506)
    assert image.described["image"] == {
        "mime_type": "image/jpeg",
        "width": 900,
        "height": 506,
        "bytes": len(image.data),
    }


async def test_max_size_scales_the_long_side_and_a_small_image_is_never_enlarged(tools: Client) -> None:
    tall = image_result(
        await tools.call_tool("harness_encode_image", {"width": 400, "height": 800, "max_size": 300})
    )
    small = image_result(await tools.call_tool("harness_encode_image", {"width": 200, "height": 100}))

    assert jpeg_size(tall.data) == (150, 300)
    assert jpeg_size(small.data) == (200, 100)


async def test_png_on_request_is_lossless_and_decodes_to_the_scaled_size(tools: Client) -> None:
    image = image_result(
        await tools.call_tool("harness_encode_image", {"format": "png", "max_size": 320, **ROOMY})
    )

    assert image.mime_type == "image/png"
    assert image.data.startswith(PNG_SIGNATURE)
    pixels = png_pixels(image.data)
    assert (pixels.width, pixels.height) == (320, 180)
    assert len(pixels.colours()) > 100


async def test_the_default_budget_holds_even_noise_to_64_kib(tools: Client) -> None:
    image = image_result(await tools.call_tool("harness_encode_image", {}))

    assert image.mime_type == "image/jpeg"
    assert len(image.data) <= DEFAULT_BUDGET_BYTES


async def test_a_jpeg_over_budget_loses_quality_then_size_until_it_fits(tools: Client) -> None:
    full = image_result(await tools.call_tool("harness_encode_image", ROOMY))
    budget = full.described["image"]["bytes"] // 4

    fitted = image_result(await tools.call_tool("harness_encode_image", {"max_bytes": budget}))

    assert len(fitted.data) <= budget
    assert jpeg_size(fitted.data)[0] <= 900


async def test_a_png_over_budget_is_scaled_down_until_it_fits(tools: Client) -> None:
    fitted = image_result(
        await tools.call_tool("harness_encode_image", {"format": "png", "max_bytes": 60_000})
    )

    pixels = png_pixels(fitted.data)
    assert len(fitted.data) <= 60_000
    assert pixels.width < 900
    assert abs(pixels.width / pixels.height - 16 / 9) < 0.02


async def test_no_budget_can_exceed_what_one_frame_carries(tools: Client) -> None:
    arguments = {"format": "png", "max_size": 1280, "max_bytes": 50_000_000}

    fitted = image_result(await tools.call_tool("harness_encode_image", arguments))

    assert len(fitted.data) <= FRAME_CAP_BYTES
    assert png_pixels(fitted.data).width < 1280


async def test_a_budget_no_image_can_meet_is_refused_with_a_hint(tools: Client) -> None:
    result = await tools.call_tool("harness_encode_image", {"format": "png", "max_bytes": 1024})

    assert failure_code(result) == "RESPONSE_TOO_LARGE"
    assert "over the budget of 1024 bytes" in failure(result)["message"]
    assert "max_size" in failure(result)["hint"]


@pytest.mark.parametrize(
    "arguments",
    [
        {"format": "gif"},
        {"quality": 0},
        {"quality": 7.5},
        {"max_size": 8},
        {"max_bytes": 10},
        {"max_size": "big"},
    ],
)
async def test_parameters_out_of_range_are_invalid(tools: Client, arguments: dict[str, object]) -> None:
    assert failure_code(await tools.call_tool("harness_encode_image", arguments)) == "INVALID_PARAMS"
