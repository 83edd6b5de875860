"""The hook pipeline: onion order, a failing hook skipped, the rate limit and the audit log."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import mcp_types as types
import pytest

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.server.hooks import (
    AuditHook,
    HookPipeline,
    Proceed,
    RateLimitHook,
    ToolCall,
    ToolHook,
    ToolOutcome,
    arguments_digest,
    outcome_code,
    rate_limit_from_env,
)
from godot_live_mcp.server.hooks.rate_limit import RETRY_AFTER_META_KEY
from godot_live_mcp.server.results import failure_result
from tests.mcp_results import failure

pytestmark = pytest.mark.anyio

CALL = ToolCall("script_write", {"path": "res://secret.gd", "content": "var password = 'hunter2'"})


def answer(text: str = "done") -> Proceed:
    async def core() -> ToolOutcome:
        return types.CallToolResult(content=[types.TextContent(text=text)])

    return core


class Recording(ToolHook):
    def __init__(self, name: str, trail: list[str]) -> None:
        self.name, self.trail = name, trail

    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        self.trail.append(f"{self.name} before")
        outcome = await proceed()
        self.trail.append(f"{self.name} after")
        return outcome


class FailingBefore(ToolHook):
    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        raise RuntimeError("broken before")


class FailingAfter(ToolHook):
    def __init__(self) -> None:
        self.proceeded = 0

    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        self.proceeded += 1
        await proceed()
        raise RuntimeError("broken after")


async def test_hooks_nest_in_registration_order_the_first_outermost() -> None:
    trail: list[str] = []
    pipeline = HookPipeline([Recording("a", trail), Recording("b", trail)])
    pipeline.add(Recording("c", trail))

    async def core() -> ToolOutcome:
        trail.append("call")
        return await answer()()

    await pipeline.run(CALL, core)
    assert trail == ["a before", "b before", "c before", "call", "c after", "b after", "a after"]


async def test_a_hook_that_raises_before_the_call_is_skipped_and_the_call_still_runs() -> None:
    trail: list[str] = []
    pipeline = HookPipeline([Recording("outer", trail), FailingBefore(), Recording("inner", trail)])
    result = await pipeline.run(CALL, answer("ran"))
    assert isinstance(result, types.CallToolResult)
    assert result.content == [types.TextContent(text="ran")]
    assert trail == ["outer before", "inner before", "inner after", "outer after"]


async def test_a_hook_that_raises_after_the_call_keeps_its_result_and_the_call_runs_once() -> None:
    runs: list[str] = []

    async def core() -> ToolOutcome:
        runs.append("call")
        return await answer("ran")()

    failing = FailingAfter()
    result = await HookPipeline([failing]).run(CALL, core)
    assert outcome_code(result) == "OK"
    assert runs == ["call"]
    assert failing.proceeded == 1


async def test_a_failure_of_the_call_itself_passes_through_the_hooks() -> None:
    async def core() -> ToolOutcome:
        raise ValueError("a bug in the call")

    with pytest.raises(ValueError, match="a bug in the call"):
        await HookPipeline([FailingAfter(), Recording("r", [])]).run(CALL, core)


def test_outcome_codes_name_the_error_code() -> None:
    assert outcome_code(types.CallToolResult(content=[])) == "OK"
    assert outcome_code(failure_result("NOT_FOUND", "gone", "")) == "NOT_FOUND"
    assert outcome_code(types.InputRequiredResult(request_state="s")) == "INPUT_REQUIRED"


async def test_the_rate_limit_refuses_past_the_limit_with_a_retry_after_hint() -> None:
    now = [1000.0]
    limit = RateLimitHook(2, clock=lambda: now[0])
    pipeline = HookPipeline([limit])
    first, second = await pipeline.run(CALL, answer()), await pipeline.run(CALL, answer())
    now[0] += 20
    third = await pipeline.run(CALL, answer())
    assert outcome_code(first) == outcome_code(second) == "OK"
    assert isinstance(third, types.CallToolResult)
    refused = failure(third)
    assert refused["code"] == ErrorCode.RATE_LIMITED
    assert "2 tool calls a minute" in refused["message"]
    assert refused["hint"].startswith("Retry after 40 s.")
    assert (third.meta or {})[RETRY_AFTER_META_KEY] == 40


async def test_the_rate_limit_window_slides_and_refused_calls_do_not_count() -> None:
    now = [0.0]
    pipeline = HookPipeline([RateLimitHook(1, clock=lambda: now[0])])
    await pipeline.run(CALL, answer())
    for _ in range(5):
        now[0] += 10
        assert outcome_code(await pipeline.run(CALL, answer())) == ErrorCode.RATE_LIMITED
    now[0] = 60.0
    assert outcome_code(await pipeline.run(CALL, answer())) == "OK"


@pytest.mark.parametrize(("raw", "expected"), [("", None), ("0", None), ("120", 120), (" 5 ", 5)])
def test_the_rate_limit_setting(raw: str, expected: int | None) -> None:
    assert rate_limit_from_env({"GODOT_MCP_RATE_LIMIT": raw}) == expected


@pytest.mark.parametrize("raw", ["many", "-3", "1.5"])
def test_a_malformed_rate_limit_names_the_fix(raw: str) -> None:
    with pytest.raises(Exception, match="GODOT_MCP_RATE_LIMIT") as caught:
        rate_limit_from_env({"GODOT_MCP_RATE_LIMIT": raw})
    assert "whole number" in getattr(caught.value, "hint", "")


async def test_audit_lines_hold_a_digest_and_never_the_arguments(tmp_path: Path) -> None:
    path = tmp_path / "audit" / "calls.jsonl"
    hook = AuditHook(path)
    await HookPipeline([hook]).run(CALL, answer())

    async def refused() -> ToolOutcome:
        return failure_result("PATH_DENIED", "no", "")

    await HookPipeline([hook]).run(ToolCall("file_delete", {"path": "res://x"}), refused)
    hook.close()
    text = path.read_text("utf-8")
    for secret in ("hunter2", "password", "secret.gd", "res://x"):
        assert secret not in text
    lines = [json.loads(line) for line in text.splitlines()]
    assert [line["tool"] for line in lines] == ["script_write", "file_delete"]
    assert [line["outcome"] for line in lines] == ["OK", "PATH_DENIED"]
    assert lines[0]["arguments_sha256"] == arguments_digest(CALL.arguments)
    assert set(lines[0]) == {"time", "tool", "arguments_sha256", "outcome", "duration_ms"}
    assert lines[0]["time"].endswith("+00:00")


def test_the_digest_is_of_canonical_json() -> None:
    assert arguments_digest({"b": 1, "a": [1, 2]}) == arguments_digest({"a": [1, 2], "b": 1})
    assert arguments_digest({"a": 1}) != arguments_digest({"a": 2})


async def test_the_audit_file_and_folder_are_private_and_rotate_by_size(tmp_path: Path) -> None:
    path = tmp_path / "state" / "audit" / "calls.jsonl"
    hook = AuditHook(path, max_bytes=400, backups=2)
    for _ in range(12):
        await HookPipeline([hook]).run(CALL, answer())
    hook.close()
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    files = sorted(path.parent.iterdir())
    assert [file.name for file in files] == ["calls.jsonl", "calls.jsonl.1", "calls.jsonl.2"]
    for file in files:
        assert stat.S_IMODE(file.stat().st_mode) == 0o600
        assert file.stat().st_size <= 400
