"""When the game's connection drops during a runtime call, say how the game ended.

The editor watches the game process it started and keeps its last log lines (``game.status``); a
call cut by a crash is answered ``GAME_NOT_RUNNING`` with those lines, not a bare disconnect.
"""

from __future__ import annotations

import anyio

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.contract import ErrorCode, ToolError

# The editor notices the end of its game process within a few of its frames.
_SETTLE_S = 3.0
_POLL_S = 0.1
_STATUS_TIMEOUT_S = 5.0
_LINES_SHOWN = 30
_HINT = "game_status tells how the game ended; game_start runs it again."


async def explain_game_end(link: EditorLink, method: str, cut: ToolError) -> ToolError:
    """``GAME_NOT_RUNNING`` naming how the game ended and its last lines, once the editor has seen
    the end; ``cut`` itself when the game still runs or the editor cannot tell."""
    last_run = await _ended_run(link)
    if last_run is None:
        return cut
    ended = str(last_run.get("ended", "ended"))
    logged = last_run.get("last_log_lines", [])
    lines = [str(line) for line in logged][-_LINES_SHOWN:] if isinstance(logged, list) else []
    tail = ("; its last log lines:\n" + "\n".join(lines)) if lines else "."
    return ToolError(ErrorCode.GAME_NOT_RUNNING, f"The game {ended} while {method} ran{tail}", _HINT)


async def _ended_run(link: EditorLink) -> JsonObject | None:
    with anyio.move_on_after(_SETTLE_S):
        while True:
            try:
                reply = await link.call("game.status", {}, _STATUS_TIMEOUT_S)
            except ToolError:
                return None
            if not isinstance(reply, CommandSuccess):
                return None
            if not reply.data.get("running", True):
                last_run = reply.data.get("last_run")
                return last_run if isinstance(last_run, dict) else None
            await anyio.sleep(_POLL_S)
    return None
