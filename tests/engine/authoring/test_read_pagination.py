"""Reads past the live read cap: FILE_TOO_LARGE with a narrowing hint; paging reads a file exactly."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, unwrap

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

DEFAULT_CAP = 256 * 1024
# Multi-byte characters on every line, so byte windows must land on character boundaries.
BIG_TEXT = "".join(f"{index:05d} héllo wörld € {'x' * (index % 37)}\n" for index in range(9000))


@pytest.fixture
async def read_cap_kb(tools: Client) -> AsyncIterator[None]:
    """Restores the default read cap after a test that changes it."""
    yield
    await call(tools, "harness_set_read_cap_kb", {"kb": 0})


def test_the_sample_is_over_the_default_cap() -> None:
    assert len(BIG_TEXT.encode()) > DEFAULT_CAP


async def test_a_whole_read_over_the_cap_is_refused_with_a_narrowing_hint(
    tools: Client, scratch: Scratch
) -> None:
    await call(tools, "file_write", {"path": scratch.path("big.txt"), "content": BIG_TEXT})
    refused = await call_fails(tools, "file_read", {"path": scratch.path("big.txt")}, "FILE_TOO_LARGE")
    assert f"max_bytes of at most {DEFAULT_CAP}" in refused["hint"]
    assert "next_offset" in refused["hint"]
    over = {"path": scratch.path("big.txt"), "max_bytes": DEFAULT_CAP + 1}
    await call_fails(tools, "file_read", over, "FILE_TOO_LARGE")


async def test_text_pages_reassemble_the_file_exactly(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("big.txt"), "content": BIG_TEXT})
    pieces: list[str] = []
    request = {"path": scratch.path("big.txt"), "max_bytes": 100_001}
    page = await call(tools, "file_read", request)
    while True:
        pieces.append(unwrap(page["content"]))
        assert page["total_bytes"] == len(BIG_TEXT.encode())
        if not page["has_more"]:
            break
        assert f"offset = {page['next_offset']}" in page["hint"]
        page = await call(tools, "file_read", {**request, "offset": page["next_offset"]})
    assert len(pieces) >= 4
    assert "".join(pieces) == BIG_TEXT


async def test_base64_pages_reassemble_the_bytes_exactly(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("big.txt"), "content": BIG_TEXT})
    chunks: list[bytes] = []
    offset = 0
    while True:
        request = {
            "path": scratch.path("big.txt"),
            "max_bytes": 150_000,
            "offset": offset,
            "encoding": "base64",
        }
        page = await call(tools, "file_read", request)
        chunks.append(base64.b64decode(page["content"]))
        if not page["has_more"]:
            break
        offset = page["next_offset"]
    assert b"".join(chunks) == BIG_TEXT.encode()


async def test_script_lines_page_exactly_and_an_over_cap_read_names_a_range(
    tools: Client, scratch: Scratch
) -> None:
    await call(tools, "script_write", {"path": scratch.path("big.gd"), "content": BIG_TEXT})
    refused = await call_fails(tools, "script_read", {"path": scratch.path("big.gd")}, "FILE_TOO_LARGE")
    assert "start_line=1, end_line=" in refused["hint"]
    pieces: list[str] = []
    start = 1
    while True:
        page = await call(
            tools,
            "script_read",
            {"path": scratch.path("big.gd"), "start_line": start, "end_line": start + 3999},
        )
        pieces.append(unwrap(page["content"]))
        assert page["total_lines"] == 9000
        if not page["has_more"]:
            break
        start = page["next_start_line"]
    assert "".join(pieces) == BIG_TEXT


@pytest.mark.usefixtures("read_cap_kb")
async def test_the_cap_is_read_live(tools: Client, scratch: Scratch) -> None:
    small = "".join(f"line {index}\n" for index in range(300))  # about 2.6 KiB
    await call(tools, "file_write", {"path": scratch.path("small.gd"), "content": small})
    assert unwrap((await call(tools, "file_read", {"path": scratch.path("small.gd")}))["content"]) == small
    await call(tools, "harness_set_read_cap_kb", {"kb": 1})
    refused = await call_fails(tools, "file_read", {"path": scratch.path("small.gd")}, "FILE_TOO_LARGE")
    assert "max_bytes of at most 1024" in refused["hint"]
    await call_fails(tools, "script_read", {"path": scratch.path("small.gd")}, "FILE_TOO_LARGE")
    page = await call(tools, "script_read", {"path": scratch.path("small.gd"), "end_line": 50})
    assert page["returned"] == 50
    assert page["next_start_line"] == 51
