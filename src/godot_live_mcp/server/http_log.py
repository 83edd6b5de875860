"""What the HTTP transport refused, logged as one summary line per interval rather than a line per request.

A flood of bad requests otherwise writes a warning for each (uvicorn's ``Invalid HTTP request received.``,
the SDK's ``Invalid Host header: ...``), megabytes a minute. ``RefusalLog`` counts refusals by reason and
also stands between those library loggers and their handlers: the first record of each logger in an
interval goes through, the rest are counted; at the end of the interval one line says how many of each.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Iterator

__all__ = ["LIBRARY_LOGGERS", "RefusalLog"]

LIBRARY_LOGGERS = ("uvicorn.error", "mcp.server.transport_security", "mcp.server.streamable_http")
_SUPPRESSED = "log lines like the one above suppressed"


class RefusalLog(logging.Filter):
    """Counts by reason; ``summary_s`` apart at most one summary line on ``logger``."""

    def __init__(self, logger: logging.Logger, summary_s: float = 10.0) -> None:
        super().__init__()
        self._logger, self._summary_s = logger, summary_s
        self._counts: Counter[str] = Counter()
        self._passed: set[str] = set()  # loggers whose one record of this interval went through
        self._window_start = time.monotonic()
        self._flush: asyncio.TimerHandle | None = None

    def note(self, reason: str) -> None:
        self._roll()
        self._counts[reason] += 1
        self._schedule()

    def filter(self, record: logging.LogRecord) -> bool:
        """A library's record: the first of its logger in the interval passes, later ones are counted."""
        self._roll()
        if record.name not in self._passed:
            self._passed.add(record.name)
            self._schedule()
            return True
        self._counts[_SUPPRESSED] += 1
        self._schedule()
        return False

    def flush(self) -> None:
        """Log what was counted since the last summary (nothing when nothing was)."""
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        counts, self._counts = self._counts, Counter()
        self._passed.clear()
        self._window_start = time.monotonic()
        if counts:
            parts = ", ".join(f"{number} {reason}" for reason, number in counts.most_common())
            self._logger.warning("HTTP: in the last %.0f s: %s", self._summary_s, parts[:2000])

    @contextlib.contextmanager
    def guarding(self, names: tuple[str, ...] = LIBRARY_LOGGERS) -> Iterator[RefusalLog]:
        """Stands in front of the named loggers while the server runs; the last summary at the end."""
        loggers = [logging.getLogger(name) for name in names]
        for logger in loggers:
            logger.addFilter(self)
        try:
            yield self
        finally:
            for logger in loggers:
                logger.removeFilter(self)
            self.flush()

    def _roll(self) -> None:
        if time.monotonic() - self._window_start >= self._summary_s:
            self.flush()

    def _schedule(self) -> None:
        """The interval's summary is written when it ends, even when nothing more comes."""
        if self._flush is not None:
            return
        with contextlib.suppress(RuntimeError):  # no running loop: the next call rolls it over
            delay = max(0.0, self._window_start + self._summary_s - time.monotonic())
            self._flush = asyncio.get_running_loop().call_later(delay, self.flush)
