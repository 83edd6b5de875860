"""The per-session event store of resumable HTTP streams: what a replay sends, and its bounds."""

from __future__ import annotations

import pytest
from mcp.server.streamable_http import EventMessage
from mcp_types import JSONRPCNotification

from godot_live_mcp.server.http_events import SessionEvents

pytestmark = pytest.mark.anyio


def note(number: int) -> JSONRPCNotification:
    return JSONRPCNotification(jsonrpc="2.0", method="notifications/message", params={"n": number})


async def replayed(store: SessionEvents, after: str) -> tuple[str | None, list[EventMessage]]:
    sent: list[EventMessage] = []

    async def send(event: EventMessage) -> None:
        sent.append(event)

    return await store.replay_events_after(after, send), sent


async def test_a_replay_sends_the_later_events_of_the_same_stream_only() -> None:
    store = SessionEvents()
    priming = await store.store_event("1", None)
    await store.store_event("2", note(0))
    first = await store.store_event("1", note(1))
    stream, sent = await replayed(store, priming)
    assert stream == "1"
    assert [event.event_id for event in sent] == [first]


async def test_the_oldest_events_go_beyond_the_bounds_and_an_unknown_id_replays_nothing() -> None:
    store = SessionEvents(max_events=2, max_bytes=10_000)
    oldest = await store.store_event("1", note(1))
    kept = await store.store_event("1", note(2))
    await store.store_event("1", note(3))
    assert await replayed(store, oldest) == (None, [])
    assert len((await replayed(store, kept))[1]) == 1
    tiny = SessionEvents(max_events=10, max_bytes=1)
    gone = await tiny.store_event("1", note(1))
    assert await replayed(tiny, gone) == (None, [])
    assert await replayed(store, "no-such-id") == (None, [])
