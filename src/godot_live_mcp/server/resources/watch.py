"""Subscriptions: poll what subscribers watch, on a modest interval and only while someone is subscribed,
and tell them when it changed."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Hashable

import anyio

logger = logging.getLogger(__name__)

POLL_INTERVAL_S = 1.0

Probe = Callable[[str], Awaitable[Hashable]]
"""A URI's fingerprint now (a file's mtime and size, a log's last sequence number); equal means unchanged."""

Notify = Callable[[str], Awaitable[None]]
"""Tells one subscriber that the URI changed; raising drops that subscriber."""


class ResourceWatch:
    """Subscribers by URI; ``run`` sleeps while there are none and polls every ``interval_s`` otherwise."""

    def __init__(self, probe: Probe, interval_s: float = POLL_INTERVAL_S) -> None:
        self._probe = probe
        self._interval_s = interval_s
        self._subscribers: dict[str, dict[Hashable, Notify]] = {}
        self._last: dict[str, Hashable] = {}
        self._wake = anyio.Event()

    def watched(self) -> dict[str, int]:
        """URI -> number of subscribers."""
        return {uri: len(subscribers) for uri, subscribers in self._subscribers.items()}

    async def subscribe(self, uri: str, subscriber: Hashable, notify: Notify) -> None:
        """Start telling ``subscriber`` of changes to ``uri`` (from its state now on)."""
        if uri not in self._subscribers:
            self._last[uri] = await self._fingerprint(uri)
        self._subscribers.setdefault(uri, {})[subscriber] = notify
        self._wake.set()

    def unsubscribe(self, uri: str, subscriber: Hashable) -> None:
        subscribers = self._subscribers.get(uri)
        if subscribers is None:
            return
        subscribers.pop(subscriber, None)
        if not subscribers:
            del self._subscribers[uri]
            self._last.pop(uri, None)

    async def run(self) -> None:
        """Poll until cancelled; no work at all while nobody is subscribed."""
        while True:
            if not self._subscribers:
                await self._wake.wait()
                self._wake = anyio.Event()
                continue
            await anyio.sleep(self._interval_s)
            await self.poll()

    async def poll(self) -> None:
        """Probe every watched URI once and notify the subscribers of those that changed."""
        for uri in list(self._subscribers):
            now = await self._fingerprint(uri)
            if uri in self._subscribers and now != self._last.get(uri):
                self._last[uri] = now
                await self._notify(uri)

    async def _fingerprint(self, uri: str) -> Hashable:
        try:
            return await self._probe(uri)
        except Exception as error:  # an editor away for a moment: the next poll tries again
            logger.debug("could not probe %s: %s", uri, error)
            return None

    async def _notify(self, uri: str) -> None:
        told: set[Notify] = set()
        for subscriber, notify in list(self._subscribers.get(uri, {}).items()):
            if notify in told:
                continue  # one publish reaches every listen stream
            told.add(notify)
            try:
                await notify(uri)
            except Exception as error:  # a client that went away
                logger.debug("dropping a subscriber of %s: %s", uri, error)
                self.unsubscribe(uri, subscriber)
