"""A tool call's progress as MCP progress notifications: its place in the editor's mutation queue, and
for long calls a periodic word that it still runs.

The editor reports only queue events; it does not report scan or import waits or frames stepped, so
those show as the elapsed time of the call.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from mcp.server.session import ServerSession

from godot_live_mcp.bridge.queue_events import QueueEvent, listening_to_queue
from godot_live_mcp.contract import CONTRACT

logger = logging.getLogger(__name__)

HEARTBEAT_S = 5.0
# A call whose deadline is past the contract's default is long: it gets the heartbeat.
LONG_CALL_S = CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["default"])


class QueueProgress:
    """Reports each queue event of one call; a no-op unless the client sent a progress token.

    Progress only grows (the protocol requires it), so it counts the reports; the message says where
    the call stands.
    """

    def __init__(self, session: ServerSession) -> None:
        self._session = session
        self._reported = 0

    async def __call__(self, event: QueueEvent) -> None:
        await self.report(event.describe())

    async def report(self, message: str) -> None:
        self._reported += 1
        try:
            await self._session.report_progress(self._reported, None, message)
        except Exception as error:  # a client that cannot hear progress still gets its result
            logger.debug("could not report progress: %s", error)

    async def heartbeat(self, tool: str, timeout_s: float, every_s: float = HEARTBEAT_S) -> None:
        """Every ``every_s``: how long ``tool`` has run, out of its deadline. Runs until cancelled."""
        started = time.monotonic()
        while True:
            await anyio.sleep(every_s)
            elapsed = time.monotonic() - started
            await self.report(f"{tool} still running: {elapsed:.0f} s of at most {timeout_s:.0f} s.")


@asynccontextmanager
async def reporting_progress(
    session: ServerSession, tool: str, timeout_s: float, *, wanted: bool
) -> AsyncIterator[None]:
    """Inside the block, editor requests report queue events; a long call (when the client ``wanted``
    progress) also reports its elapsed time."""
    progress = QueueProgress(session)
    with listening_to_queue(progress):
        if not wanted or timeout_s <= LONG_CALL_S:
            yield
            return
        failure: Exception | None = None
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(progress.heartbeat, tool, timeout_s, HEARTBEAT_S)
            try:
                yield
            except Exception as error:  # re-raised below, outside the group, so it is not wrapped
                failure = error
            finally:
                tasks.cancel_scope.cancel()
        if failure is not None:
            raise failure
