"""Keeps the connection to the running game of the connected editor's project.

The game's runtime server publishes its entry when it listens; the link connects then (or at once
when a call needs it) and drops the connection when the game ends. With no game, calls fail at
once with ``GAME_NOT_RUNNING``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path

import anyio

from godot_live_mcp.bridge.debugger_pause import DebuggerPause
from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.bridge.peer_connection import PeerConnection, connect_peer
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandReply, read_reply
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance, Endpoint
from godot_live_mcp.instances.runtime_entry import find_runtime

__all__ = ["RuntimeLink"]

logger = logging.getLogger(__name__)

CONNECT_WAIT_S = 10.0
_SLOW_HINT = "The game may be busy in a long frame; runtime_get_log shows what it reported."


class RuntimeLink:
    """The server's view of "the running game": run ``run()`` in a task group, then ``call()``.

    ``editor`` names the editor whose project's game to follow (the editor link's current one): the game
    it launched, or the one ``game_id`` names; ``pause`` tells when the editor's debugger holds the game,
    so calls fail at once instead of waiting.
    """

    def __init__(
        self,
        editor: Callable[[], EditorInstance | None],
        *,
        registry: Path | None = None,
        poll_interval_s: float = 0.5,
        pause: DebuggerPause | None = None,
        game_id: str | None = None,
    ) -> None:
        self._editor = editor
        self.game_id = game_id
        self._pause = pause or DebuggerPause()
        self._registry = registry
        self._poll_interval_s = poll_interval_s
        self._connection: PeerConnection | None = None
        self._wake = anyio.Event()
        self._attempted = anyio.Event()
        self._problem: ToolError | None = None

    @property
    def connected(self) -> bool:
        return self._connection is not None and not self._connection.closed

    async def call(
        self,
        method: str,
        params: Mapping[str, JsonValue] | None,
        timeout_s: float,
        listeners: CallListeners = UNHEARD,
    ) -> CommandReply:
        """Run one runtime command in the game; ``GAME_NOT_RUNNING`` at once when there is none. Its
        progress reports (frames stepped) go to ``listeners``; ``GAME_PAUSED_IN_DEBUGGER`` at once while
        the editor's debugger holds the game."""

        async def run() -> CommandReply:
            connection = await self._ready_connection()
            try:
                result = await connection.request(
                    method, params, timeout_s=timeout_s, on_progress=listeners.on_progress
                )
            except ToolError as error:
                raise _cut_short(error, method) from None
            return read_reply(result, method, connection.endpoint.peer_name)

        return await self._pause.unless_paused(method, run)

    async def run(self) -> None:
        """Follow the game until cancelled: connect when it appears, drop it when it ends."""
        while True:
            endpoint = self._find()
            if endpoint is not None:
                await self._serve(endpoint)
            self._attempted.set()
            with anyio.move_on_after(self._poll_interval_s):
                await self._wake.wait()
            self._wake = anyio.Event()

    async def _serve(self, endpoint: Endpoint) -> None:
        try:
            async with connect_peer(endpoint) as connection:
                self._connection, self._problem = connection, None
                self._attempted.set()
                logger.info("connected to the running game (pid %d, port %d)", endpoint.pid, endpoint.port)
                await connection.wait_closed()
                logger.info("the game's connection closed (pid %d)", endpoint.pid)
        except ToolError as error:
            if self._problem is None or error.message != self._problem.message:
                logger.warning("cannot reach the running game: %s", error.message)
            self._problem = error
        finally:
            self._connection = None

    async def _ready_connection(self) -> PeerConnection:
        connection = self._connection
        if connection is not None and not connection.closed:
            return connection
        if self._find() is None:
            raise self._not_running()
        self._attempted = anyio.Event()
        self._wake.set()
        with anyio.move_on_after(CONNECT_WAIT_S):
            await self._attempted.wait()
        connection = self._connection
        if connection is None or connection.closed:
            if self._find() is None:
                raise self._not_running()
            cause = f": {self._problem.message}" if self._problem else ""
            raise ToolError(
                ErrorCode.RUNTIME_DISCONNECTED, f"The game runs but the server cannot reach it{cause}"
            )
        return connection

    def _find(self) -> Endpoint | None:
        editor = self._editor()
        return find_runtime(editor, self._registry, self.game_id) if editor is not None else None

    def _not_running(self) -> ToolError:
        editor = self._editor()
        project = f" of {editor.project_name}" if editor is not None else ""
        if self.game_id is None:
            return ToolError(ErrorCode.GAME_NOT_RUNNING, f"No game{project} is running.")
        return ToolError(
            ErrorCode.GAME_NOT_RUNNING,
            f"No game{project} with id {self.game_id!r} is running.",
            "game_status names the game_id of the editor's game; godot-live-mcp instances lists every game.",
        )


def _cut_short(error: ToolError, method: str) -> ToolError:
    """A call the game's connection failed, said in the game's terms."""
    if error.code == ErrorCode.RUNTIME_DISCONNECTED:
        return ToolError(
            ErrorCode.RUNTIME_DISCONNECTED,
            f"The game closed the connection while {method} ran (it ended, or crashed).",
        )
    if error.code == ErrorCode.TIMEOUT:
        return ToolError(ErrorCode.TIMEOUT, error.message, _SLOW_HINT)
    return error
