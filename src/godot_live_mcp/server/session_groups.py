"""The groups one MCP session loaded or unloaded: state of that session's connection, never of the server."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from mcp.server.session import ServerSession
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

_STATE_KEY = "godot-live-mcp/groups"


@dataclass
class SessionGroups:
    """One session's changes to the start-up surface: groups it loaded (in order) and groups it unloaded."""

    loaded: list[str] = field(default_factory=list)
    unloaded: set[str] = field(default_factory=set)

    def load(self, names: Iterable[str]) -> None:
        for name in names:
            self.unloaded.discard(name)
            if name not in self.loaded:
                self.loaded.append(name)

    def unload(self, names: Iterable[str]) -> None:
        for name in names:
            if name in self.loaded:
                self.loaded.remove(name)
            self.unloaded.add(name)


def keeps_state(session: ServerSession) -> bool:
    """False on 2026-07-28 connections: each request there arrives on a connection of its own."""
    return session.protocol_version not in MODERN_PROTOCOL_VERSIONS


def session_groups(session: ServerSession) -> SessionGroups:
    """The groups of the connection ``session`` belongs to (a fresh record where none is kept)."""
    if not keeps_state(session):
        return SessionGroups()
    # mcp 2.3 keeps per-connection state in Connection.state; a request reaches it only through its session.
    state = session._connection.state
    groups = state.get(_STATE_KEY)
    if not isinstance(groups, SessionGroups):
        groups = state[_STATE_KEY] = SessionGroups()
    return groups
