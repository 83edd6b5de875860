"""Read-only mode's checks on the arguments and the moment of a call, beyond the tool's annotation.

Read-only means nothing under the project changes except the engine's own ``.godot/`` cache. Two
read-only tools can still write there through a side door, so in read-only mode:

- ``game_start`` runs only when no open scene has unsaved edits (playing saves them first);
- ``editor_wait_for_idle`` takes no ``scan`` (a rescan imports changed files, writing ``.import`` files).

``game_stop`` is not read-only (it ends a game the person or another client may be playing), yet a
read-only server may stop the game it started itself: that only undoes its own ``game_start``.
"""

from __future__ import annotations

from collections.abc import Mapping

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.server.game_owner import GAME_START, GAME_STOP, GameOwner

__all__ = ["check_read_only_call", "read_only_refusal"]

WAIT_FOR_IDLE = "editor_wait_for_idle"
_OPEN_SCENES = "scene.list_open"


def read_only_refusal(tool: str, games: GameOwner, refused: ToolError) -> ToolError | None:
    """The policy's ``READ_ONLY_MODE`` refusal as this call gets it: None for ``game_stop`` of this
    server's own game, a ``game_stop`` of anyone else's game explained, any other as it is."""
    if tool != GAME_STOP:
        return refused
    if games.owns_running_game():
        return None
    return ToolError(
        ErrorCode.READ_ONLY_MODE,
        "game_stop would end a game this server did not start (the person's, or another client's), and "
        "this server runs read-only.",
        "A read-only server stops only the game it started with game_start (and stops that one when it "
        "exits); game_status shows what runs.",
    )


async def check_read_only_call(tool: str, arguments: Mapping[str, JsonValue], link: EditorLink) -> None:
    """Raise ``READ_ONLY_MODE`` when this call of a read-only tool would change the project."""
    if tool == WAIT_FOR_IDLE and arguments.get("scan") is True:
        raise ToolError(
            ErrorCode.READ_ONLY_MODE,
            "editor_wait_for_idle with scan=true imports changed files into the project, and this server "
            "runs read-only.",
            "Call editor_wait_for_idle without scan: it waits for what the editor is already doing.",
        )
    if tool == GAME_START:
        unsaved = await _unsaved_scenes(link)
        if unsaved:
            raise ToolError(
                ErrorCode.READ_ONLY_MODE,
                f"game_start would save the unsaved edits of {', '.join(unsaved)} before playing, and this "
                "server runs read-only.",
                "Save or discard those edits in the editor (or from a server without --read-only), then "
                "call game_start again; scene_list_open shows which scenes have unsaved edits.",
            )


async def _unsaved_scenes(link: EditorLink) -> list[str]:
    """The open scenes with unsaved edits, or whose state the editor cannot tell (counted as unsaved)."""
    reply = await link.call(_OPEN_SCENES, {}, CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["default"]))
    if not isinstance(reply, CommandSuccess):
        raise reply.to_error()
    scenes = reply.data.get("scenes")
    listed = scenes if isinstance(scenes, list) else []
    return [
        str(scene.get("path") or "an untitled scene")
        for scene in listed
        if isinstance(scene, dict) and scene.get("unsaved") is not False
    ]
