"""editor.get_log on the real editor: what the editor printed, by cursor, filtered."""

from __future__ import annotations

import re

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import expect_editor_error

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

BROKEN = r"command 'harness\.broken_non_dict' returned int instead of a Dictionary"
_LINE = re.compile(r"^\[(\d+)\] ([A-Z_]+): (.*)$")


async def provoke_error(client: Client) -> None:
    """Make the editor log one error: a test command that breaks the response contract."""
    expect_editor_error(BROKEN)
    assert (await client.call_tool("harness_broken_non_dict", {})).is_error


def lines(log: str) -> list[tuple[int, str, str]]:
    """(seq, LEVEL, text) of each entry of a log page."""
    parsed = [_LINE.match(line) for line in log.splitlines()]
    return [(int(match[1]), match[2], match[3]) for match in parsed if match is not None]


async def test_the_log_holds_the_errors_the_editor_printed_with_their_source(tools: Client) -> None:
    await provoke_error(tools)
    page = await call(tools, "editor_get_log", {"kinds": ["error"], "contains": "broken_non_dict"})
    entries = lines(page["log"])
    assert entries
    _, level, text = entries[-1]
    assert level == "ERROR"
    assert re.search(BROKEN, text)
    assert "(at " in text
    assert page["counts"]["error"] == len(entries)


async def test_a_resume_cursor_returns_only_what_came_after_it(tools: Client) -> None:
    cursor = (await call(tools, "editor_get_log", {"limit": 1}))["resume_cursor"]
    await provoke_error(tools)
    newer = await call(tools, "editor_get_log", {"cursor": cursor, "kinds": ["error"]})
    assert [re.search(BROKEN, text) is not None for _, _, text in lines(newer["log"])] == [True]
    assert all(seq >= cursor for seq, _, _ in lines(newer["log"]))
    quiet = await call(tools, "editor_get_log", {"cursor": newer["resume_cursor"], "kinds": ["error"]})
    assert (quiet["returned"], quiet["log"], quiet["has_more"]) == (0, "", False)


async def test_kinds_and_text_filter_the_entries(tools: Client) -> None:
    await provoke_error(tools)
    warnings = await call(tools, "editor_get_log", {"cursor": 0, "kinds": ["warning"], "limit": 1000})
    assert all(level == "WARNING" for _, level, _ in lines(warnings["log"]))
    assert not any(re.search(BROKEN, text) for _, _, text in lines(warnings["log"]))


async def test_a_small_limit_pages_through_the_log_from_the_start(tools: Client) -> None:
    first = await call(tools, "editor_get_log", {"cursor": 0, "limit": 2})
    assert (first["returned"], first["has_more"]) == (2, True)
    second = await call(tools, "editor_get_log", {"cursor": first["next_cursor"], "limit": 2})
    assert lines(second["log"])[0][0] >= first["next_cursor"] > lines(first["log"])[-1][0]


async def test_a_cursor_past_the_end_is_refused_with_a_hint(tools: Client) -> None:
    total = (await call(tools, "editor_get_log", {"limit": 1}))["total_entries"]
    refused = await call_fails(tools, "editor_get_log", {"cursor": total + 1000}, "INVALID_PARAMS")
    assert "resume_cursor" in refused["hint"]
