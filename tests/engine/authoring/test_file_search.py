"""file.search: text and regex matches with line numbers, paginated, binary files skipped."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, unwrap

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_text_search_finds_each_line_with_its_column(tools: Client, scratch: Scratch) -> None:
    await call(
        tools,
        "file_write",
        {"path": scratch.path("a.gd"), "content": "var speed = 1\n\nfunc go():\n\tspeed += 2\n"},
    )
    await call(tools, "file_write", {"path": scratch.path("b.txt"), "content": "no match here\nSPEED\n"})
    found = await call(tools, "file_search", {"query": "speed", "path": scratch.res})
    assert found["matches"] == [
        {"path": scratch.path("a.gd"), "line": 1, "column": 5},
        {"path": scratch.path("a.gd"), "line": 4, "column": 2},
    ]
    assert unwrap(found["lines"]).splitlines() == [
        f"{scratch.path('a.gd')}:1:5: var speed = 1",
        f"{scratch.path('a.gd')}:4:2: \tspeed += 2",
    ]
    anycase = await call(
        tools, "file_search", {"query": "speed", "path": scratch.res, "case_sensitive": False}
    )
    assert anycase["total_matches"] == 3


async def test_regex_search_pages_through_matches(tools: Client, scratch: Scratch) -> None:
    lines = "".join(f"item_{index} = {index}\n" for index in range(7))
    await call(tools, "file_write", {"path": scratch.path("items.cfg"), "content": lines})
    query = {"query": r"item_\d+ = [0-9]", "regex": True, "path": scratch.res, "limit": 3}
    seen: list[int] = []
    page = await call(tools, "file_search", query)
    while True:
        seen += [match["line"] for match in page["matches"]]
        if not page["has_more"]:
            break
        page = await call(tools, "file_search", {**query, "offset": page["next_offset"]})
    assert seen == list(range(1, 8))
    assert page["total_matches"] == 7


async def test_glob_limits_the_files_and_binary_files_are_skipped(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("k.cfg"), "content": "key\n"})
    await call(tools, "file_write", {"path": scratch.path("k.txt"), "content": "key\n"})
    await call(
        tools, "file_write", {"path": scratch.path("k.bin"), "content": "AGtleQA=", "encoding": "base64"}
    )
    only_cfg = await call(tools, "file_search", {"query": "key", "path": scratch.res, "glob": "*.cfg"})
    assert [match["path"] for match in only_cfg["matches"]] == [scratch.path("k.cfg")]
    everything = await call(tools, "file_search", {"query": "key", "path": scratch.res})
    assert (everything["files_searched"], everything["files_skipped"], everything["total_matches"]) == (
        2,
        1,
        2,
    )


async def test_an_invalid_regex_or_folder_is_refused(tools: Client) -> None:
    await call_fails(tools, "file_search", {"query": "(unclosed", "regex": True}, "INVALID_PARAMS")
    await call_fails(tools, "file_search", {"query": "x", "path": "res://no/such/folder"}, "NOT_FOUND")
