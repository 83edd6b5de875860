"""Runs the registered hooks around a tool call in onion order, each one isolated from the others."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from godot_live_mcp.server.hooks._base import Proceed, ToolCall, ToolHook, ToolOutcome

logger = logging.getLogger(__name__)


class HookPipeline:
    """The hooks around every tool call: the first one added is outermost, the call itself innermost."""

    def __init__(self, hooks: Iterable[ToolHook] = ()) -> None:
        self._hooks: list[ToolHook] = list(hooks)
        self._plugin_hooks: tuple[ToolHook, ...] = ()

    @property
    def hooks(self) -> tuple[ToolHook, ...]:
        return (*self._hooks, *self._plugin_hooks)

    def add(self, hook: ToolHook) -> None:
        """Add ``hook`` inside the ones already there (the plugins' hooks stay innermost)."""
        self._hooks.append(hook)

    def set_plugin_hooks(self, hooks: Iterable[ToolHook]) -> None:
        """The hooks of the installed Python plugins, replaced as a whole when plugins come and go; they
        run inside the server's own, so logging, audit and the rate limit see every call."""
        self._plugin_hooks = tuple(hooks)

    async def run(self, call: ToolCall, core: Proceed) -> ToolOutcome:
        proceed = core
        for hook in reversed(self.hooks):
            proceed = _guarded(hook, call, proceed)
        return await proceed()


class _Passage:
    """The rest of the pipeline as one hook sees it: runs once and remembers how it ended."""

    def __init__(self, inner: Proceed) -> None:
        self._inner = inner
        self._outcome: ToolOutcome | None = None
        self.raised: Exception | None = None

    async def __call__(self) -> ToolOutcome:
        if self._outcome is not None:
            return self._outcome
        if self.raised is not None:
            raise self.raised
        try:
            self._outcome = await self._inner()
        except Exception as error:
            self.raised = error
            raise
        return self._outcome


def _guarded(hook: ToolHook, call: ToolCall, inner: Proceed) -> Proceed:
    async def run() -> ToolOutcome:
        passage = _Passage(inner)
        try:
            return await hook.around(call, passage)
        except Exception as error:
            if passage.raised is not None:
                raise passage.raised from None  # the call failed, not the hook
            logger.warning("hook %s failed on %s and is skipped: %r", type(hook).__name__, call.name, error)
            return await passage()

    return run
