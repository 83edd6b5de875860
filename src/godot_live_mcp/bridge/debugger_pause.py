"""Whether the game is stopped in the editor's debugger, as the editor announces it (``debug.changed``).

A game stopped at a breakpoint or on a script error runs no frames, so it answers nothing: a runtime
call then fails at once with ``GAME_PAUSED_IN_DEBUGGER``, saying where the game stopped and how to
go on, and a call already waiting on the game when it stops is cut short the same way. The editor
announces every stop and resume; on each (re)connection the state is read once with ``debug.state``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TypeVar

import anyio

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonValue, Notification
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError

__all__ = ["DebuggerPause", "follow_debugger"]

DEBUGGER_CHANGED = CONTRACT.method("debugger_changed")
_STATE_TIMEOUT_S = 5.0
# A game stopped on an error cannot step: the hint then leaves debug_step out.
_ERROR_STOP_HINT = (
    "debug_state shows where and why, with the stack and locals; debug_continue lets it run on "
    "(the failing function ends there), game_stop ends it."
)

T = TypeVar("T")


class DebuggerPause:
    """The last stop the editor announced (none while the game runs)."""

    def __init__(self) -> None:
        self._stop: dict[str, JsonValue] | None = None
        self._stopped = anyio.Event()

    @property
    def paused(self) -> bool:
        return self._stop is not None

    def note(self, summary: Mapping[str, JsonValue]) -> None:
        """Take the editor's summary of the debugger: ``{"paused": bool, "at", "reason", "error"}``."""
        if summary.get("paused") is True:
            self._stop = dict(summary)
            self._stopped.set()
        elif self._stop is not None:
            self._stop = None
            self._stopped = anyio.Event()

    def on_notification(self, notification: Notification) -> None:
        if notification.method == DEBUGGER_CHANGED:
            self.note(notification.params)

    def error(self, method: str) -> ToolError:
        """``GAME_PAUSED_IN_DEBUGGER`` for ``method``, naming where the game stopped and on what."""
        stop = self._stop or {}
        where = f" at {stop['at']}" if stop.get("at") else ""
        why = f" on the error: {stop['error']}" if stop.get("error") else ""
        return ToolError(
            ErrorCode.GAME_PAUSED_IN_DEBUGGER,
            f"{method} cannot run: the game is stopped in the editor's debugger{where}{why}.",
            _ERROR_STOP_HINT if stop.get("can_step") is False else "",
        )

    async def unless_paused(self, method: str, call: Callable[[], Awaitable[T]]) -> T:
        """``call()``'s result; ``GAME_PAUSED_IN_DEBUGGER`` at once when the game is stopped, or as soon
        as it stops while the call waits."""
        if self._stop is not None:
            raise self.error(method)
        stopped = self._stopped
        answered: list[T] = []
        failed: list[Exception] = []
        async with anyio.create_task_group() as tasks:

            async def cut_when_stopped() -> None:
                await stopped.wait()
                tasks.cancel_scope.cancel()

            tasks.start_soon(cut_when_stopped)
            # Caught here: an exception leaving a task group's body comes out wrapped in a group.
            try:
                answered.append(await call())
            except Exception as error:
                failed.append(error)
            tasks.cancel_scope.cancel()
        if failed:
            raise failed[0]
        if not answered:
            raise self.error(method)
        return answered[0]


def follow_debugger(link: EditorLink) -> DebuggerPause:
    """A ``DebuggerPause`` fed by ``link``: its notices, and ``debug.state`` on every catalogue fetch
    (each connection), so a game already stopped before the server connected is known too."""
    pause = DebuggerPause()
    link.add_notification_listener(pause.on_notification)

    async def read_state(catalog: Catalog | None) -> None:
        if catalog is None:
            pause.note({"paused": False})
            return
        if not any(spec.name == "debug.state" for spec in catalog.commands):
            return
        try:
            reply = await link.call("debug.state", {"detail": "brief", "max_frames": 1}, _STATE_TIMEOUT_S)
        except ToolError:
            return
        if isinstance(reply, CommandSuccess):
            pause.note(reply.data)

    link.add_catalog_listener(read_state)
    return pause
