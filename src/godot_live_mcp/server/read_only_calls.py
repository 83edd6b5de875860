"""Read-only mode's checks on the arguments and the moment of a call, beyond the tool's annotation.

Read-only means nothing under the project changes except the engine's own ``.godot/`` cache. A
read-only tool can still write there through a side door, declared on it, so in read-only mode:

- a tool marked ``saves_scenes`` (``game_start``) runs only when no open scene has unsaved edits;
- a tool's ``side_doors`` arguments (``editor_wait_for_idle``'s ``scan``, which imports changed files)
  may not be true.

A tool marked ``stops_game`` is not read-only (it ends a game the person or another client may be
playing), yet a read-only server may stop the game it started itself: that only undoes its own start.
"""

from __future__ import annotations

from collections.abc import Mapping

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.server.game_owner import STOPS_GAME, GameOwner
from godot_live_mcp.server.screenshot_display import unsaved_scenes
from godot_live_mcp.server.tool_table import ToolEntry

__all__ = ["check_read_only_call", "read_only_refusal"]


def read_only_refusal(entry: ToolEntry, games: GameOwner, refused: ToolError) -> ToolError | None:
    """The policy's ``READ_ONLY_MODE`` refusal as this call gets it: None for a ``stops_game`` tool
    and this server's own game, the same for anyone else's game explained, any other as it is."""
    if STOPS_GAME not in entry.marks:
        return refused
    if games.owns_running_game():
        return None
    return ToolError(
        ErrorCode.READ_ONLY_MODE,
        f"{entry.name} would end a game this server did not start (the person's, or another client's), "
        "and this server runs read-only.",
        "A read-only server stops only the game it started with game_start (and stops that one when it "
        "exits); game_status shows what runs.",
    )


async def check_read_only_call(
    entry: ToolEntry, arguments: Mapping[str, JsonValue], link: EditorLink
) -> None:
    """Raise ``READ_ONLY_MODE`` when this call of a read-only tool would change the project."""
    opened = [door for door in entry.side_doors if arguments.get(door) is True]
    if opened:
        raise ToolError(
            ErrorCode.READ_ONLY_MODE,
            f"{entry.name} with {opened[0]}=true changes files in the project, and this server runs "
            "read-only.",
            f"Call {entry.name} without {opened[0]}.",
        )
    if "saves_scenes" in entry.marks:
        unsaved = await _unsaved_scenes(link)
        if unsaved:
            raise ToolError(
                ErrorCode.READ_ONLY_MODE,
                f"{entry.name} would save the unsaved edits of {', '.join(unsaved)} first, and this "
                "server runs read-only.",
                "Save or discard those edits in the editor (or from a server without --read-only), then "
                f"call {entry.name} again; scene_list_open shows which scenes have unsaved edits.",
            )


async def _unsaved_scenes(link: EditorLink) -> list[str]:
    """The open scenes with unsaved edits, or whose state the editor cannot tell (counted as unsaved)."""
    reply = await link.call("scene.list_open", {}, CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["default"]))
    if not isinstance(reply, CommandSuccess):
        raise reply.to_error()
    return unsaved_scenes(reply) or []
