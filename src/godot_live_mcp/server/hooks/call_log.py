"""The built-in logging hook: every call's tool, outcome and duration (at debug level: ``serve -v``)."""

from __future__ import annotations

import logging
import time

from godot_live_mcp.server.hooks._base import Proceed, ToolCall, ToolHook, ToolOutcome, outcome_code

logger = logging.getLogger("godot_live_mcp.calls")


class CallLogHook(ToolHook):
    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        started = time.perf_counter()
        outcome = "cancelled"
        try:
            result = await proceed()
            outcome = outcome_code(result)
            return result
        except Exception:
            outcome = "raised"
            raise
        finally:
            elapsed_ms = (time.perf_counter() - started) * 1000
            logger.debug("tools/call %s: %s in %.1f ms", call.name, outcome, elapsed_ms)
