"""runtime_get_log and runtime_get_performance: what the game printed, and how it runs."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call, error_code, error_text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_the_log_holds_what_the_game_printed_its_text_marked_untrusted_once(game: Client) -> None:
    await call(game, "execute_code", code='print("hello from the game log test")')
    result = await game.call_tool("runtime_get_log", {})
    log = result.structured_content or {}
    assert "hello from the game log test" in log["log"]
    assert not log["log"].startswith("<untrusted-content")  # structured values are raw
    text = error_text(result)
    assert text.startswith('<untrusted-content nonce="')
    assert text.count("<untrusted-content") == 1
    assert "hello from the game log test" in text
    assert log["last_seq"] >= 0  # entries are numbered from 0, as in the editor log


async def test_a_cursor_returns_only_newer_lines(game: Client) -> None:
    await call(game, "execute_code", code='print("older line")')
    cursor = (await call(game, "runtime_get_log"))["last_seq"] + 1
    await call(game, "execute_code", code='print("newer line")')
    newer = await call(game, "runtime_get_log", cursor=cursor)
    assert "newer line" in newer["log"]
    assert "older line" not in newer["log"]
    assert newer["returned"] == 1


async def test_lines_page_and_filter_by_kind(game: Client) -> None:
    await call(
        game, "execute_code", code='for i in 3:\n\tprint("paged %d" % i)\npush_warning("a warning line")'
    )
    cursor = (await call(game, "runtime_get_log"))["last_seq"] - 3
    page = await call(game, "runtime_get_log", cursor=cursor, limit=2)
    assert page["has_more"] is True
    assert page["returned"] == 2
    assert page["next_cursor"] == cursor + 2
    warnings = await call(game, "runtime_get_log", kinds=["warning"])
    assert "a warning line" in warnings["log"]
    assert "paged" not in warnings["log"]


async def test_text_filters_the_lines_and_counts_go_by_kind(game: Client) -> None:
    code = 'print("needle in a message")\nprint("plain hay")\npush_warning("needle in a warning")'
    await call(game, "execute_code", code=code)
    found = await call(game, "runtime_get_log", contains="NEEDLE")
    assert "needle in a message" in found["log"]
    assert "needle in a warning" in found["log"]
    assert "plain hay" not in found["log"]
    assert found["counts"] == {"message": 1, "warning": 1}


async def test_a_cursor_past_the_end_is_refused_with_a_hint(game: Client) -> None:
    end = (await call(game, "runtime_get_log", limit=1))["resume_cursor"]
    refused = await game.call_tool("runtime_get_log", {"cursor": end + 1000})
    assert error_code(refused) == "INVALID_PARAMS"
    assert "resume_cursor" in error_text(refused)


async def test_secrets_printed_by_the_game_are_redacted(game: Client) -> None:
    await call(game, "execute_code", code='print("api_key=abcdefgh12345678 leaked")')
    log = await call(game, "runtime_get_log", kinds=["message"])
    assert "abcdefgh12345678" not in log["log"]
    assert "[REDACTED:assignment]" in log["log"]


async def test_performance_reports_the_engine_monitors(game: Client) -> None:
    perf = await call(game, "runtime_get_performance")
    assert perf["node_count"] >= 10
    assert perf["object_count"] > perf["node_count"]
    assert perf["physics_ticks_per_second"] == 60
    assert perf["static_memory_bytes"] > 0
    assert perf["fps"] >= 0
