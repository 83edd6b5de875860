"""The mutation watchdog on the real editor: a mutation past its deadline is answered TIMEOUT, the
queue drains, and the cut command's late tail neither answers, nor frees the lock, nor writes.

The suite uses harness.wedge, which overruns and then ends by itself: a handler that never returns
would keep its coroutine, and with it the addon's objects, alive at editor exit.
"""

from __future__ import annotations

import time

import anyio
import mcp_types as types
import pytest
from mcp.client import Client

from godot_live_mcp.contract import default_hint
from tests.engine.concurrency.calls import ProgressLog, error_code, fresh_key, read_items, wait_for_items
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_mutation_past_its_deadline_gets_timeout_and_the_one_queued_behind_it_runs(
    tools: Client, other: Client
) -> None:
    key = fresh_key("after_wedge")
    cut: list[tuple[types.CallToolResult, float]] = []
    queued_behind: list[types.CallToolResult] = []

    async def overrun() -> None:
        began = time.monotonic()
        result = await tools.call_tool("harness_wedge", {"key": key, "ms": 2000})
        cut.append((result, time.monotonic() - began))

    # A loaded machine can let the whole wedge pass between two appends: then the scenario runs again.
    for _attempt in range(3):
        cut.clear()
        with anyio.fail_after(30):
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(overrun)
                # Until an append had to queue: it then waited behind the wedge, the only mutation running.
                while not queued_behind and not cut:
                    log = ProgressLog()
                    arguments = {"key": key, "items": ["x"]}
                    result = await other.call_tool("harness_append", arguments, progress_callback=log)
                    if log.queued:
                        queued_behind.append(result)
        if queued_behind:
            break
        await wedges_finished(tools)
    assert queued_behind, "an append queued behind a running wedge in one of three tries"
    result, seconds = cut[0]
    assert error_code(result) == "TIMEOUT"
    assert "ran past its 1000 ms deadline" in failure(result)["message"]
    assert failure(result)["hint"] == default_hint("TIMEOUT")
    assert seconds > 0.9  # the message says the editor's watchdog cut it, not the server's 3 s wait
    assert structured(queued_behind[0])["positions"]
    await other.call_tool("harness_append_read", {"key": key, "clear": True})
    await wedges_finished(tools)


async def test_the_late_tail_of_a_cut_mutation_changes_nothing(tools: Client, other: Client) -> None:
    key = fresh_key("late_tail")
    tails_before = (await wedge_report(other))["tails_cancelled"]
    assert error_code(await tools.call_tool("harness_wedge", {"key": key, "ms": 2000})) == "TIMEOUT"
    late = ProgressLog()
    with anyio.fail_after(30):
        async with anyio.create_task_group() as tasks:
            arguments = {"key": key, "items": ["m1", "m2"], "hold_ms": 1200}
            tasks.start_soon(tools.call_tool, "harness_append", arguments)
            # The wedge's tail returned at 2 s, while this mutation runs from 1 s to about 3.4 s.
            await wait_for_items(other, key, ["m1"])
            arguments = {"key": key, "items": ["q"]}
            structured(await other.call_tool("harness_append", arguments, progress_callback=late))
    assert late.queued, "the stale tail released the lock of the mutation running after it"
    assert await read_items(other, key) == ["m1", "m2", "q"]
    assert (await wedges_finished(other))["tails_cancelled"] == tails_before + 1  # it saw its cancel
    await other.call_tool("harness_append_read", {"key": key, "clear": True})


async def test_after_a_watchdog_cut_the_next_mutation_runs_at_once(tools: Client) -> None:
    key = fresh_key("next")
    assert error_code(await tools.call_tool("harness_wedge", {"key": key, "ms": 2000})) == "TIMEOUT"
    began = time.monotonic()
    result = await tools.call_tool("harness_append", {"key": key, "items": ["next"]})
    assert time.monotonic() - began < 3.0  # a lock still held would keep it waiting 32 s
    assert structured(result)["positions"] == [0]
    await tools.call_tool("harness_append_read", {"key": key, "clear": True})
    await wedges_finished(tools)


async def wedge_report(client: Client) -> dict[str, int]:
    return structured(await client.call_tool("harness_wedge_report", {}))


async def wedges_finished(client: Client) -> dict[str, int]:
    """Until no harness.wedge runs any more (a coroutine alive at editor exit leaks), then the report."""
    with anyio.fail_after(10):
        while True:
            report = await wedge_report(client)
            if report["running"] == 0:
                return report
            await anyio.sleep(0.05)  # pacing only: the editor's count decides
