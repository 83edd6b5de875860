"""The editor dies in the middle of a stream of calls: each call succeeds or fails at once with
EDITOR_DISCONNECTED (none hangs, none gets another error), and calls work again once it is back."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.client import Client

from tests.engine.concurrency.calls import fresh_key
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor
from tests.mcp_results import failure_code

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

WORKERS = 6
FAILURES_PER_WORKER = 3
FLOWING_AFTER = 30


class Outcomes:
    """Each call's outcome ("ok" or its error code); ``flowing`` is set after the first successes."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.flowing = anyio.Event()

    def add(self, result: types.CallToolResult) -> str:
        self.seen.append(outcome(result))
        if self.seen.count("ok") >= FLOWING_AFTER:
            self.flowing.set()
        return self.seen[-1]


def outcome(result: types.CallToolResult) -> str:
    if not result.is_error:
        return "ok"
    return failure_code(result)


async def stream(client: Client, key: str, worker: int, outcomes: Outcomes) -> None:
    """Calls back to back (reads and mutations) until this worker has seen a few failures."""
    failures = 0
    calls: list[tuple[str, dict[str, Any]]] = [
        ("editor_get_info", {}),
        ("harness_append", {"key": key, "items": [f"w{worker}"]}),
        ("scene_get_tree", {"max_depth": 1}),
    ]
    index = 0
    while failures < FAILURES_PER_WORKER:
        name, arguments = calls[index % len(calls)]
        index += 1
        failures += outcomes.add(await client.call_tool(name, arguments)) != "ok"


async def test_killing_the_editor_mid_stream_fails_calls_cleanly_then_calls_recover(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "doomed_project")
    editor = start_editor(project, engine_editor.env, tmp_path / "doomed-editor.log", editor_logs)
    outcomes = Outcomes()
    try:
        await editor.wait_ready(120)
        async with mcp_client(engine_editor, project=project) as client:
            key = fresh_key("stream")
            in_flight: dict[str, Any] = {}

            async def long_call() -> None:  # a 20 s read, pending when the editor dies
                in_flight["result"] = await client.call_tool("harness_slow_read", {})
                in_flight["seconds_after_kill"] = time.monotonic() - in_flight["killed_at"]

            with anyio.fail_after(60):
                async with anyio.create_task_group() as tasks:
                    for worker in range(WORKERS):
                        tasks.start_soon(stream, client, key, worker, outcomes)
                    tasks.start_soon(long_call)
                    await outcomes.flowing.wait()
                    in_flight["killed_at"] = time.monotonic()
                    os.kill(editor.pid, signal.SIGKILL)
            editor.stop()  # reaps the killed process
            editor = start_editor(project, engine_editor.env, tmp_path / "reborn-editor.log", editor_logs)
            await editor.wait_ready(120)
            recovered = await first_success(client, deadline_s=30)
    finally:
        editor.stop()
    assert set(outcomes.seen) == {"ok", "EDITOR_DISCONNECTED"}
    assert outcome(in_flight["result"]) == "EDITOR_DISCONNECTED"
    assert in_flight["seconds_after_kill"] < 5.0  # failed at once, not after its 32 s deadline
    assert recovered["editor_pid"] == editor.pid


async def first_success(client: Client, deadline_s: float) -> dict[str, Any]:
    with anyio.fail_after(deadline_s):
        while True:
            result = await client.call_tool("editor_get_info", {})
            if not result.is_error:
                assert isinstance(result.structured_content, dict)
                return result.structured_content
            await anyio.sleep(0.05)  # pacing only: the call's outcome decides
