"""The game this server started (a tool marked ``starts_game``): stopped when the server stops.

The editor's ``game.stop`` ends it cleanly; a game still alive after that (or whose editor no longer
answers) gets SIGTERM, then SIGKILL after a grace period.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Collection

import anyio

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.reply import CommandReply, CommandSuccess
from godot_live_mcp.contract import ToolError
from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.server.screenshot_display import RESTARTED_KEY

__all__ = ["GameOwner"]

logger = logging.getLogger(__name__)

STARTS_GAME = "starts_game"
STOPS_GAME = "stops_game"
_STOP_REQUEST_S = 2.0
_GRACE_S = 1.0
_POLL_S = 0.05
_SIGKILL: int = getattr(signal, "SIGKILL", signal.SIGTERM)


class GameOwner:
    """Remembers the process of the game a ``starts_game`` tool started until a ``stops_game`` one ends it."""

    def __init__(self) -> None:
        self.pid: int | None = None

    def note(self, marks: Collection[str], reply: CommandReply) -> None:
        """Follow the reply of a tool with these marks: a started game is ours, a stopped one no longer."""
        if isinstance(reply, CommandSuccess) and isinstance(reply.data.get(RESTARTED_KEY), dict):
            # a needs_display tool restarted the game on a display (screenshot_display.py)
            marks, reply = (STARTS_GAME,), CommandSuccess({"game": reply.data[RESTARTED_KEY]})
        if not isinstance(reply, CommandSuccess):
            return
        game = reply.data.get("game")
        pid = game.get("pid") if isinstance(game, dict) else None
        if STARTS_GAME in marks and isinstance(pid, int) and not isinstance(pid, bool) and pid > 0:
            self.pid = pid
        elif STOPS_GAME in marks:
            self.pid = None

    def owns_running_game(self) -> bool:
        """Whether the game this server started still runs."""
        return self.pid is not None and pid_alive(self.pid)

    async def stop(self, link: EditorLink | None) -> None:
        """End our game, if it still runs: through ``link``'s editor when given and it answers, else by
        SIGTERM, then SIGKILL after a grace period."""
        pid, self.pid = self.pid, None
        if pid is None or not pid_alive(pid):
            return
        with anyio.CancelScope(shield=True):
            ended = False
            if link is not None and link.connected:
                await _ask_editor_to_stop(link)
                ended = await _ended(pid, _GRACE_S)
            if not ended:
                await _kill(pid)
        logger.info("stopped the game this server started (pid %d)", pid)


async def _ask_editor_to_stop(link: EditorLink) -> None:
    with anyio.move_on_after(_STOP_REQUEST_S):
        try:
            await link.call("game.stop", {}, _STOP_REQUEST_S)
        except ToolError as error:
            logger.debug("game.stop at shutdown: %s", error.message)


async def _kill(pid: int) -> None:
    _signal(pid, signal.SIGTERM)
    if not await _ended(pid, _GRACE_S):
        _signal(pid, _SIGKILL)
        await _ended(pid, _GRACE_S)


async def _ended(pid: int, within_s: float) -> bool:
    """Whether ``pid`` ends within ``within_s`` (polled: no event tells of another process's end)."""
    deadline = anyio.current_time() + within_s
    while pid_alive(pid):
        if anyio.current_time() >= deadline:
            return False
        await anyio.sleep(_POLL_S)
    return True


def _signal(pid: int, sig: int) -> None:
    if sys.platform == "win32" and sig != signal.SIGTERM:
        sig = signal.SIGTERM
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError) as error:
        logger.debug("could not signal the game (pid %d): %s", pid, error)
