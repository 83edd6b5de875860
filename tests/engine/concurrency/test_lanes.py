"""Dispatch lanes on the real editor: reads run at once, mutations one at a time in arrival order,
exclusive commands wait for the mutation lock."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.client import Client

from tests.engine.concurrency.calls import ProgressLog, error_code, fresh_key, read_items, wait_for_items
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

READS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("editor_get_info", {}),
    ("scene_get_tree", {"max_depth": 1}),
    ("project_get_info", {}),
    ("classdb_get_class", {"class_name": "Node2D"}),
    ("harness_append_read", {"key": "mcp_test_nothing_here"}),
)


async def test_fifty_concurrent_reads_from_two_clients_all_succeed(tools: Client, other: Client) -> None:
    results: list[types.CallToolResult] = []

    async def read(client: Client, index: int) -> None:
        name, arguments = READS[index % len(READS)]
        results.append(await client.call_tool(name, arguments))

    with anyio.fail_after(60):
        async with anyio.create_task_group() as tasks:
            for index in range(50):
                tasks.start_soon(read, (tools, other)[index % 2], index)
    assert len(results) == 50
    assert [result for result in results if result.is_error] == []


async def test_twenty_concurrent_mutations_from_two_clients_lose_no_update(
    tools: Client, other: Client
) -> None:
    key = fresh_key("serial")
    positions: dict[str, int] = {}
    progress: list[ProgressLog] = []

    async def append(client: Client, item: str) -> None:
        log = ProgressLog()
        progress.append(log)
        result = await client.call_tool(
            "harness_append", {"key": key, "items": [item]}, progress_callback=log
        )
        positions[item] = structured(result)["positions"][0]

    with anyio.fail_after(60):
        async with anyio.create_task_group() as tasks:
            for index in range(20):
                tasks.start_soon(append, (tools, other)[index % 2], f"{'ab'[index % 2]}{index}")
    final = structured(await tools.call_tool("harness_append_read", {"key": key, "clear": True}))["items"]
    # Each read-modify-write saw every earlier write: the list is exactly the serial order.
    assert sorted(final) == sorted(positions)
    assert all(final[position] == item for item, position in positions.items())
    assert any(log.queued for log in progress), "no mutation had to wait: the test proved nothing"


async def test_an_exclusive_read_waits_for_the_mutation_and_a_plain_read_does_not(
    tools: Client, other: Client
) -> None:
    key = fresh_key("exclusive")
    exclusive_progress = ProgressLog()
    outcome: dict[str, list[str]] = {}

    async def mutate() -> None:
        arguments = {"key": key, "items": ["first", "second"], "hold_ms": 1000}
        structured(await tools.call_tool("harness_append", arguments))

    async def exclusive_read() -> None:
        arguments = {"key": key}
        result = await other.call_tool(
            "harness_exclusive_read", arguments, progress_callback=exclusive_progress
        )
        outcome["exclusive"] = structured(result)["items"]

    with anyio.fail_after(30):
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(mutate)
            await wait_for_items(other, key, ["first"])  # halfway: a second long step is running
            tasks.start_soon(exclusive_read)
            plain = await read_items(other, key)
    assert plain == ["first"]  # read while the mutation still ran: it did not wait for it
    assert exclusive_progress.queued
    assert outcome["exclusive"] == ["first", "second"]
    await tools.call_tool("harness_append_read", {"key": key, "clear": True})


async def test_a_mutation_outside_the_schema_is_refused_before_it_queues(tools: Client) -> None:
    result = await tools.call_tool("harness_append", {"key": fresh_key("refused")})
    assert error_code(result) == "INVALID_PARAMS"
