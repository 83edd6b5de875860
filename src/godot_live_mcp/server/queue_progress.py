"""A tool call's progress as MCP progress notifications: its place in the editor's mutation queue,
what the command itself reports (scan percent, frames stepped), and for long calls that report
nothing a periodic word that they still run."""

from __future__ import annotations

import logging
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from mcp.server.session import ServerSession

from godot_live_mcp.bridge.queue_events import CallListeners, ProgressEvent, QueueEvent
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.security.secret_scrubber import scrub

logger = logging.getLogger(__name__)

HEARTBEAT_S = 5.0
# A call whose deadline is past the contract's default is long: it gets the heartbeat.
LONG_CALL_S = CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["default"])


class CallProgress:
    """Reports the events of one call; the session drops them unless the client sent a progress token.

    Progress only grows (the protocol requires it): queue events and heartbeats count up from the
    last value sent; a command's own report is sent as it is (done of total) when it is larger, and
    from then on the heartbeat stays quiet.
    """

    def __init__(self, session: ServerSession) -> None:
        self._session = session
        self._last: float | None = None
        self._command_reports = False

    async def queued(self, event: QueueEvent) -> None:
        await self._send(self._next_count(), None, event.describe())

    async def progressed(self, event: ProgressEvent) -> None:
        self._command_reports = True
        if self._last is None or event.done > self._last:
            await self._send(event.done, event.total, event.message or None)

    async def heartbeat(self, tool: str, timeout_s: float, every_s: float = HEARTBEAT_S) -> None:
        """Every ``every_s``, until cancelled: how long ``tool`` has run, out of its deadline (unless the
        command reports its own progress)."""
        started = time.monotonic()
        while True:
            await anyio.sleep(every_s)
            if self._command_reports:
                continue
            elapsed = time.monotonic() - started
            message = f"{tool} still running: {elapsed:.0f} s of at most {timeout_s:.0f} s."
            await self._send(self._next_count(), None, message)

    async def say(self, message: str) -> None:
        """One more step of progress, told in ``message``."""
        await self._send(self._next_count(), None, message)

    def _next_count(self) -> float:
        return 1 if self._last is None else math.floor(self._last) + 1

    async def _send(self, progress: float, total: float | None, message: str | None) -> None:
        self._last = progress
        try:  # a message may quote the project (a test run's output line): scrubbed like any result
            await self._session.report_progress(progress, total, scrub(message) if message else message)
        except Exception as error:  # a client that cannot hear progress still gets its result
            logger.debug("could not report progress: %s", error)


@asynccontextmanager
async def reporting_progress(
    session: ServerSession, tool: str, timeout_s: float, *, wanted: bool
) -> AsyncIterator[CallListeners]:
    """The listeners to pass down with the call: its queue events and progress go to the session; a long
    call (when the client ``wanted`` progress) also reports its elapsed time while the block runs."""
    progress = CallProgress(session)
    listeners = CallListeners(on_queue=progress.queued, on_progress=progress.progressed)
    if not wanted or timeout_s <= LONG_CALL_S:
        yield listeners
        return
    failure: Exception | None = None
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(progress.heartbeat, tool, timeout_s, HEARTBEAT_S)
        try:
            yield listeners
        except Exception as error:  # re-raised below, outside the group, so it is not wrapped
            failure = error
        finally:
            tasks.cancel_scope.cancel()
    if failure is not None:
        raise failure
