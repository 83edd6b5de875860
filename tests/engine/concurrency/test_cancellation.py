"""Cancellation end to end: an MCP client's cancel reaches the handler; a cancelled or abandoned
call never leaves a mutation half-applied or the mutation lock held."""

from __future__ import annotations

import anyio
import anyio.lowlevel
import pytest
from mcp.client import Client
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp_types import LoggingMessageNotificationParams

from godot_live_mcp.bridge.peer_connection import connect_peer
from tests.engine.concurrency.calls import ProgressLog, fresh_key, read_items, wait_for_items
from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def cancellations_seen(client: Client) -> int:
    return int(structured(await client.call_tool("harness_cancel_report", {}))["cancellations_seen"])


async def test_cancelling_a_cancellable_tool_ends_it_early(tools: Client) -> None:
    before = await cancellations_seen(tools)
    with anyio.move_on_after(0.5) as waiting:
        await tools.call_tool("harness_slow_read", {})  # would take 20 s
    assert waiting.cancelled_caught
    with anyio.fail_after(5):
        while True:
            if await cancellations_seen(tools) > before:
                break
            await anyio.sleep(0.05)  # pacing only: the handler's own count decides
    assert await cancellations_seen(tools) == before + 1


async def holding(client: Client, key: str) -> bool:
    answer = structured(await client.call_tool("harness_hold_release", {"key": key, "release": False}))
    return bool(answer["holding"])


async def wait_holding(client: Client, key: str) -> None:
    """Until harness.hold of ``key`` has started (it holds the mutation lane); the caller bounds the wait."""
    while True:
        if await holding(client, key):
            return
        await anyio.sleep(0.02)  # pacing only: the hold's own state decides


async def test_a_mutation_cancelled_while_queued_never_runs(tools: Client, other: Client) -> None:
    # The lane is held until the test lets it go, not for a time: under load the cancel may take any
    # time to arrive, and it still arrives while the call waits.
    key = fresh_key("cancel_queued")
    queued = ProgressLog()

    async def to_be_cancelled() -> None:
        await other.call_tool(
            "harness_append", {"key": key, "items": ["cancelled"]}, progress_callback=queued
        )

    with anyio.fail_after(30):
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(lambda: tools.call_tool("harness_hold", {"key": key}))
            await wait_holding(other, key)
            async with anyio.create_task_group() as doomed:
                doomed.start_soon(to_be_cancelled)
                await queued.wait_queued()
                doomed.cancel_scope.cancel()
            # The client sent the cancel before this call, and the server forwards it first.
            await other.call_tool("harness_hold_release", {"key": key})
        structured(await other.call_tool("harness_append", {"key": key, "items": ["last"]}))
    assert await read_items(tools, key) == ["held", "last"]
    await tools.call_tool("harness_append_read", {"key": key, "clear": True})


async def test_a_cancel_after_the_mutation_started_is_answered_as_too_late(
    engine_editor: EngineEditor, tools: Client
) -> None:
    key = fresh_key("too_late")
    warnings: list[str] = []
    warned = anyio.Event()

    async def log(params: LoggingMessageNotificationParams) -> None:
        if params.level == "warning":
            warnings.append(str(params.data))
            warned.set()

    with anyio.fail_after(30):
        async with mcp_client(engine_editor, logging_callback=log) as client:
            with pytest.warns(MCPDeprecationWarning):  # handshake-era clients still set a level
                await client.set_logging_level("warning")
            async with anyio.create_task_group() as doomed:
                doomed.start_soon(lambda: client.call_tool("harness_hold", {"key": key}))
                await wait_holding(tools, key)
                doomed.cancel_scope.cancel()
            await warned.wait()  # the server warns once the editor answered the cancel
            await tools.call_tool("harness_hold_release", {"key": key})
            await wait_for_items(tools, key, ["held"])  # it ran to its end
    assert warnings == [
        f"harness.hold had already started in {engine_editor.instance.endpoint.peer_name} when it was "
        "cancelled; it ran to its end, so its change is made (editor_undo takes it back)."
    ]
    await tools.call_tool("harness_append_read", {"key": key, "clear": True})


async def test_a_client_leaving_mid_mutation_leaves_it_whole_and_the_lock_free(
    engine_editor: EngineEditor, tools: Client
) -> None:
    key = fresh_key("leaving")
    with anyio.fail_after(30):
        async with mcp_client(engine_editor) as leaving, anyio.create_task_group() as tasks:

            async def long_mutation() -> None:
                arguments = {"key": key, "items": ["a", "b", "c"], "hold_ms": 800}
                await leaving.call_tool("harness_append", arguments)

            tasks.start_soon(long_mutation)
            await wait_for_items(tools, key, ["a"])
            tasks.cancel_scope.cancel()  # then the client and its server go away
        after = await tools.call_tool("harness_append", {"key": key, "items": ["d"]})
    assert structured(after)["positions"] == [3]
    assert await read_items(tools, key) == ["a", "b", "c", "d"]
    await tools.call_tool("harness_append_read", {"key": key, "clear": True})


async def test_a_peer_can_cancel_only_its_own_requests(engine_editor: EngineEditor, tools: Client) -> None:
    before = await cancellations_seen(tools)
    async with (
        connect_peer(engine_editor.instance.endpoint) as owner,
        connect_peer(engine_editor.instance.endpoint) as stranger,
        anyio.create_task_group() as tasks,
    ):
        tasks.start_soon(lambda: owner.request("harness.slow_read", None, timeout_s=30))
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


async def test_the_editor_answers_a_cancel_of_a_started_mutation_as_too_late(
    engine_editor: EngineEditor, tools: Client
) -> None:
    key = fresh_key("peer_too_late")
    async with connect_peer(engine_editor.instance.endpoint) as peer, anyio.create_task_group() as tasks:
        held = anyio.Event()

        async def hold() -> None:
            await peer.request("harness.hold", {"key": key}, timeout_s=30)
            held.set()

        tasks.start_soon(hold)
        with anyio.fail_after(30):
            await wait_holding(tools, key)
            hold_id = 1  # a connection numbers its requests from 1 (0 is the auth request)
            answer = await peer.request("_cancel", {"id": hold_id}, timeout_s=5)
            await tools.call_tool("harness_hold_release", {"key": key})
            await held.wait()  # answered: a cancel too late does not silence the result
    assert answer == {"cancelled": False, "too_late": True}
    assert await read_items(tools, key) == ["held"]
    await tools.call_tool("harness_append_read", {"key": key, "clear": True})
