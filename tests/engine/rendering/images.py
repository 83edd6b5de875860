"""Reading an image tool's result the way a client sees it: image content plus its description."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

import mcp_types as types

from tests.mcp_results import failure


@dataclass(frozen=True)
class ImageResult:
    data: bytes
    mime_type: str
    described: dict[str, Any]  # the structured content: everything but the pixels


def image_result(result: types.CallToolResult) -> ImageResult:
    """The one image of a successful result, decoded, with its structured description."""
    texts = [block.text for block in result.content if isinstance(block, types.TextContent)]
    assert not result.is_error, texts
    images = [block for block in result.content if isinstance(block, types.ImageContent)]
    assert len(images) == 1, result.content
    assert isinstance(result.structured_content, dict)
    return ImageResult(base64.b64decode(images[0].data), images[0].mime_type, result.structured_content)


def failure_code(result: types.CallToolResult) -> str:
    assert result.is_error
    assert not any(isinstance(block, types.ImageContent) for block in result.content)
    return failure(result)["code"]
