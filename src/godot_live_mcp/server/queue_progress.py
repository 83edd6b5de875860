"""A tool call's place in the editor's mutation queue, reported as MCP progress notifications."""

from __future__ import annotations

import logging

from mcp.server.session import ServerSession

from godot_live_mcp.bridge.queue_events import QueueEvent

logger = logging.getLogger(__name__)


class QueueProgress:
    """Reports each queue event of one call; a no-op unless the client sent a progress token.

    Progress only grows (the protocol requires it), so it counts the events; the message says where
    the call stands.
    """

    def __init__(self, session: ServerSession) -> None:
        self._session = session
        self._reported = 0

    async def __call__(self, event: QueueEvent) -> None:
        self._reported += 1
        try:
            await self._session.report_progress(self._reported, None, event.describe())
        except Exception as error:  # a client that cannot hear progress still gets its result
            logger.debug("could not report progress: %s", error)
