"""Each MCP session's own active scene: what a call without ``scene`` acts on.

The editor has one active tab for everyone, so two clients of one editor would otherwise edit whichever
scene the other opened last. A session that opened a scene (a tool marked ``opens_scene``) keeps it:
its later calls that take a ``scene`` and omit it are aimed at that scene. A session that opened none
still acts on the editor's active tab, as before; so do 2026-07-28 connections, which keep no state.

The session also remembers which undo history its last change went to: ``editor_undo`` (a tool marked
``steps_history``) without ``scene`` and ``history`` steps that one, whichever tab is active.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcp.server.session import ServerSession

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply, CommandSuccess
from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.server.session_groups import keeps_state
from godot_live_mcp.server.tool_table import ToolEntry

__all__ = [
    "SessionScene",
    "aim_at_last_change",
    "aim_at_session_scene",
    "note_session_scene",
    "session_scene",
]

_STATE_KEY = "godot-live-mcp/active-scene"


@dataclass
class SessionScene:
    """The scene this session opened last (``""``: none, so the editor's active tab), and the undo
    history its last change went to (``{"history": ..., "scene": ...}``; None before any)."""

    path: str = ""
    last_change: JsonObject | None = None


def session_scene(session: ServerSession) -> SessionScene:
    """The record of ``session``'s connection (a fresh one where the connection keeps no state)."""
    if not keeps_state(session):
        return SessionScene()
    state = session._connection.state  # per-connection state in mcp 2.3, as session_groups.py reads it
    scene = state.get(_STATE_KEY)
    if not isinstance(scene, SessionScene):
        scene = state[_STATE_KEY] = SessionScene()
    return scene


def aim_at_session_scene(scene: SessionScene, entry: ToolEntry, arguments: JsonObject) -> JsonObject:
    """``arguments`` with the session's scene added where the tool takes one and the call named none."""
    if not scene.path or "scene" in arguments or not entry.acts_on_scene:
        return arguments
    return {**arguments, "scene": scene.path}


def aim_at_last_change(scene: SessionScene, entry: ToolEntry, arguments: JsonObject) -> JsonObject:
    """A history step without ``scene`` and ``history`` aimed at the session's last change."""
    if not entry.steps_history or scene.last_change is None or {"scene", "history"} & set(arguments):
        return arguments
    return {**arguments, **scene.last_change}


def note_session_scene(
    scene: SessionScene, entry: ToolEntry, arguments: JsonObject, reply: CommandReply
) -> CommandReply:
    """Follows what the call did to the session's scene; a failure on a scene the session no longer has
    open gets a hint that says so."""
    if isinstance(reply, CommandFailure):
        return _forget_closed(scene, arguments, reply)
    if reply.landing is not None:
        history, path = reply.landing.get("history"), reply.landing.get("scene")
        scene.last_change = {"history": "global"} if history == "global" else {"history": "scene"}
        if history != "global" and isinstance(path, str) and path:
            scene.last_change["scene"] = path
    path = reply.data.get("scene")
    if not isinstance(path, str) or not isinstance(reply, CommandSuccess):
        return reply
    if entry.opens_scene:
        scene.path = path
    elif reply.data.get("closed") is True and path == scene.path:
        scene.path = ""
    return reply


def _forget_closed(scene: SessionScene, arguments: JsonObject, reply: CommandFailure) -> CommandReply:
    closed_last = scene.last_change is not None and arguments.get("scene") == scene.last_change.get("scene")
    if reply.code == ErrorCode.SCENE_NOT_OPEN and closed_last:
        scene.last_change = None  # its scene was closed: later steps go to the active tab again
    if reply.code != ErrorCode.SCENE_NOT_OPEN or not scene.path or arguments.get("scene") != scene.path:
        return reply
    closed, scene.path = scene.path, ""
    return CommandFailure(
        reply.code,
        f"This session's active scene {closed} is no longer open (closed in the editor or by a client).",
        "scene_open it again, or pass scene; calls without scene now act on the editor's active tab.",
    )
