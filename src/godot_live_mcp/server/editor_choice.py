"""The editor a session chose with ``editor_select_instance``, kept in its connection's state."""

from __future__ import annotations

from mcp.server.session import ServerSession

from godot_live_mcp.server.session_groups import keeps_state

__all__ = ["remember_editor", "selected_editor"]

_STATE_KEY = "godot-live-mcp/instance"


def selected_editor(session: ServerSession | None) -> int | None:
    """The pid the session chose; None without a choice (or a connection that keeps no state)."""
    if session is None or not keeps_state(session):
        return None
    pid = session._connection.state.get(_STATE_KEY)
    return pid if isinstance(pid, int) else None


def remember_editor(session: ServerSession, pid: int) -> None:
    session._connection.state[_STATE_KEY] = pid
