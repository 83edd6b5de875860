"""What a hook sees of a tool call, and the one method a hook implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import mcp_types as types

from godot_live_mcp.server._meta import ERROR_META_KEY

ToolOutcome = types.CallToolResult | types.InputRequiredResult
"""What a tool call answers: a result (success or ``isError``), or a request for the person's input."""

Proceed = Callable[[], Awaitable[ToolOutcome]]
"""Runs the rest of the pipeline (inner hooks, then the call itself) and returns its outcome."""

OK = "OK"
INPUT_REQUIRED = "INPUT_REQUIRED"


@dataclass(frozen=True)
class ToolCall:
    """One ``tools/call`` as the client sent it: before lookup and argument checks."""

    name: str
    arguments: Mapping[str, Any]


class ToolHook(ABC):
    """Wraps every tool call. Hooks nest in registration order: the first one added is outermost.

    A hook that raises is logged and skipped; the call goes on as if it were not there.
    """

    @abstractmethod
    async def around(self, call: ToolCall, proceed: Proceed) -> ToolOutcome:
        """Return the call's outcome: usually ``await proceed()`` with work before or after it, or an
        outcome of your own without proceeding to stop the call (the rate limit does)."""


def outcome_code(outcome: ToolOutcome) -> str:
    """``OK``, ``INPUT_REQUIRED``, or the contract error code of a failed call."""
    if isinstance(outcome, types.InputRequiredResult):
        return INPUT_REQUIRED
    if not outcome.is_error:
        return OK
    error = (outcome.meta or {}).get(ERROR_META_KEY)
    code = error.get("code") if isinstance(error, dict) else None
    return str(code) if code else "ERROR"
