"""``doctor``'s checks of the live side of a project: the token of its editor readable, the editor
answering a ping through it, and a free port in the editor's band for an editor still to come."""

from __future__ import annotations

import socket
from pathlib import Path

import anyio

from godot_live_mcp.bridge._auth import read_token
from godot_live_mcp.bridge.peer_connection import connect_peer
from godot_live_mcp.cli._setup_status import Finding
from godot_live_mcp.contract import CONTRACT, ActionableError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.registry import find_instance

__all__ = ["live_findings"]

_PING_TIMEOUT_S = 5.0


def live_findings(root: Path) -> list[Finding]:
    """The token and reachability of the project's live editor, or, with none, whether one could listen."""
    instance = find_instance(root)
    if instance is None:  # Not a gap: serve launches a headless editor when none runs.
        return [Finding("Editor running", True, "none now; `serve --project` launches one"), _port_finding()]
    try:
        read_token(instance.endpoint.token_path)
    except ActionableError as error:
        return [Finding("Token readable", False, error.message, error.hint)]
    return [Finding("Token readable", True, str(instance.endpoint.token_path)), _reachable(instance)]


def _reachable(instance: EditorInstance) -> Finding:
    try:
        anyio.run(_ping, instance)
    except (ActionableError, OSError, TimeoutError) as error:
        message = error.message if isinstance(error, ActionableError) else str(error) or type(error).__name__
        hint = error.hint if isinstance(error, ActionableError) and error.hint else "Restart the editor."
        return Finding("Editor reachable", False, f"{instance.describe()}: {message}", hint)
    return Finding("Editor reachable", True, instance.describe())


async def _ping(instance: EditorInstance) -> None:
    with anyio.fail_after(_PING_TIMEOUT_S):
        async with connect_peer(instance.endpoint, open_timeout_s=_PING_TIMEOUT_S) as peer:
            await peer.request(CONTRACT.method("ping"), {}, timeout_s=_PING_TIMEOUT_S)


def _port_finding() -> Finding:
    low, high = CONTRACT.ports["editor"]
    free = [port for port in range(low, high + 1) if _is_free(port)]
    if free:
        return Finding("Editor ports free", True, f"{len(free)} of {low}-{high} free")
    hint = "Stop what holds them, or move the band with GODOT_MCP_EDITOR_PORT_MIN and _MAX."
    return Finding("Editor ports free", False, f"every port of {low}-{high} is taken", hint)


def _is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True
