"""Cancellation end to end: an MCP client's cancel reaches the handler; a cancelled or abandoned
call never leaves a mutation half-applied or the mutation lock held."""

from __future__ import annotations

import anyio
import anyio.lowlevel
import pytest
from mcp.client import Client

from godot_live_mcp.bridge.peer_connection import connect_peer
from tests.engine.concurrency.calls import ProgressLog, fresh_key, read_items, wait_for_items
from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def cancellations_seen(client: Client) -> int:
    return int(structured(await client.call_tool("test_cancel_report", {}))["cancellations_seen"])


async def test_cancelling_a_cancellable_tool_ends_it_early(tools: Client) -> None:
    before = await cancellations_seen(tools)
    with anyio.move_on_after(0.5) as waiting:
        await tools.call_tool("test_slow_read", {})  # would take 20 s
    assert waiting.cancelled_caught
    with anyio.fail_after(5):
        while True:
            if await cancellations_seen(tools) > before:
                break
            await anyio.sleep(0.05)  # pacing only: the handler's own count decides
    assert await cancellations_seen(tools) == before + 1


async def test_a_mutation_cancelled_while_queued_never_runs(tools: Client, other: Client) -> None:
    key = fresh_key("cancel_queued")
    queued = ProgressLog()

    async def hold_the_lock() -> None:
        arguments = {"key": key, "items": ["first", "second"], "hold_ms": 1500}
        structured(await tools.call_tool("test_append", arguments))

    async def to_be_cancelled() -> None:
        await other.call_tool("test_append", {"key": key, "items": ["cancelled"]}, progress_callback=queued)

    with anyio.fail_after(30):
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(hold_the_lock)
            await wait_for_items(other, key, ["first"])
            async with anyio.create_task_group() as doomed:
                doomed.start_soon(to_be_cancelled)
                await queued.wait_queued()
                doomed.cancel_scope.cancel()
        structured(await other.call_tool("test_append", {"key": key, "items": ["last"]}))
    assert await read_items(tools, key) == ["first", "second", "last"]
    await tools.call_tool("test_append_read", {"key": key, "clear": True})


async def test_a_client_leaving_mid_mutation_leaves_it_whole_and_the_lock_free(
    engine_editor: EngineEditor, tools: Client
) -> None:
    key = fresh_key("leaving")
    with anyio.fail_after(30):
        async with mcp_client(engine_editor) as leaving, anyio.create_task_group() as tasks:

            async def long_mutation() -> None:
                arguments = {"key": key, "items": ["a", "b", "c"], "hold_ms": 800}
                await leaving.call_tool("test_append", arguments)

            tasks.start_soon(long_mutation)
            await wait_for_items(tools, key, ["a"])
            tasks.cancel_scope.cancel()  # then the client and its server go away
        after = await tools.call_tool("test_append", {"key": key, "items": ["d"]})
    assert structured(after)["positions"] == [3]
    assert await read_items(tools, key) == ["a", "b", "c", "d"]
    await tools.call_tool("test_append_read", {"key": key, "clear": True})


async def test_a_peer_can_cancel_only_its_own_requests(engine_editor: EngineEditor, tools: Client) -> None:
    before = await cancellations_seen(tools)
    async with (
        connect_peer(engine_editor.instance.endpoint) as owner,
        connect_peer(engine_editor.instance.endpoint) as stranger,
        anyio.create_task_group() as tasks,
    ):
        tasks.start_soon(lambda: owner.request("test.slow_read", None, timeout_s=30))
        await anyio.lowlevel.checkpoint()  # the task takes the connection's first request id and sends
        slow_read_id = 1  # a connection numbers its requests from 1 (0 is the auth request)
        with anyio.fail_after(10):
            await owner.request("ping", None, timeout_s=5)  # answered after the slow read was dispatched
            refused = await stranger.request("_cancel", {"id": slow_read_id}, timeout_s=5)
            accepted = await owner.request("_cancel", {"id": slow_read_id}, timeout_s=5)
            while True:
                if await cancellations_seen(tools) > before:
                    break
                await anyio.sleep(0.05)  # pacing only: the handler's own count decides
        tasks.cancel_scope.cancel()  # nothing answers a cancelled request
    assert refused == {"cancelled": False}
    assert accepted == {"cancelled": True}
