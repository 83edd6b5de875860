"""The built-in rate limit: at most ``GODOT_MCP_RATE_LIMIT`` tool calls in any minute, server-wide.

The editor is the shared resource a flood of calls would stall, so the window counts every client's calls.
Refused calls do not count: a client that waits as told always gets through.
"""

from __future__ import annotations

import math
import os
import time
from collections import deque
from collections.abc import Callable, Mapping

from godot_live_mcp.contract import ActionableError, ErrorCode
from godot_live_mcp.server._meta import META_PREFIX
from godot_live_mcp.server.hooks._base import Proceed, ToolCall, ToolHook, ToolOutcome
from godot_live_mcp.server.results import failure_result

RATE_LIMIT_ENV = "GODOT_MCP_RATE_LIMIT"
RETRY_AFTER_META_KEY = f"{META_PREFIX}retry_after_s"
WINDOW_S = 60.0


def rate_limit_from_env(env: Mapping[str, str] | None = None) -> int | None:
    """Calls a minute from ``GODOT_MCP_RATE_LIMIT``; None when unset or 0 (no limit)."""
    raw = (os.environ if env is None else env).get(RATE_LIMIT_ENV, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise ActionableError(
            f"{RATE_LIMIT_ENV}={raw!r} is not a number of calls a minute.",
            f"Set {RATE_LIMIT_ENV} to a whole number such as 120 (0 or unset: no limit).",
            code=ErrorCode.INVALID_PARAMS,
        )
    return value or None


class RateLimitHook(ToolHook):
    """Refuses a call with ``RATE_LIMITED`` when ``per_minute`` calls already ran in the last minute."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._recent: deque[float] = deque()

    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        now = self._clock()
        while self._recent and now - self._recent[0] >= WINDOW_S:
            self._recent.popleft()
        if len(self._recent) >= self.per_minute:
            return self._refusal(call, math.ceil(WINDOW_S - (now - self._recent[0])))
        self._recent.append(now)
        return await proceed()

    def _refusal(self, call: ToolCall, retry_after_s: int) -> ToolOutcome:
        result = failure_result(
            ErrorCode.RATE_LIMITED,
            f"{call.name} was not run: this server allows {self.per_minute} tool calls a minute "
            f"({RATE_LIMIT_ENV}).",
            f"Retry after {retry_after_s} s. Fewer, larger calls help: filters and pages instead of one call "
            "a node.",
        )
        result.meta = {**(result.meta or {}), RETRY_AFTER_META_KEY: retry_after_s}
        return result
