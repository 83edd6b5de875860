"""The first exchange on a connection to an editor or a game: the ``auth`` request and its answer."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import anyio
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from godot_live_mcp import __version__
from godot_live_mcp.bridge.jsonrpc import (
    ErrorResponse,
    JsonObject,
    MalformedFrameError,
    Response,
    encode_request,
    json_int,
    parse_message,
)
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.instances.instance import Endpoint
from godot_live_mcp.regular_files import read_regular_text

_TOKEN_CAP = 4096  # a token file holds one line

_POLICY_VIOLATION = CONTRACT.close_codes["policy_violation"]
_AUTH_ID = 0


@dataclass(frozen=True)
class PeerIdentity:
    """Who answered the handshake: an editor, or the game it runs."""

    godot_version: str
    godot_version_full: str
    plugin_version: str
    protocol_version: int
    headless: bool
    project_path: str
    project_name: str
    pid: int

    @classmethod
    def from_result(cls, result: JsonObject) -> PeerIdentity:
        return cls(
            godot_version=str(result.get("godot_version", "")),
            godot_version_full=str(result.get("godot_version_full", "")),
            plugin_version=str(result.get("plugin_version", "")),
            protocol_version=json_int(result.get("protocol_version", 0)),
            headless=bool(result.get("headless", False)),
            project_path=str(result.get("project_path", "")),
            project_name=str(result.get("project_name", "")),
            pid=json_int(result.get("pid", 0)),
        )


def read_token(path: Path) -> str:
    """The peer's token; a missing or empty file is an ``AUTH_FAILED`` naming the file."""
    try:
        token = read_regular_text(path, cap=_TOKEN_CAP).strip()
    except OSError as error:
        raise _auth_failed(f"Cannot read the token file {path}: {error.strerror or error}") from error
    if not token:
        raise _auth_failed(f"The token file {path} is empty.")
    return token


async def authenticate(
    ws: ClientConnection, token: str, *, client: str, endpoint: Endpoint, read_only: bool = False
) -> PeerIdentity:
    """Send the ``auth`` frame and check the answer; raises ``ToolError`` when the peer refuses.

    ``read_only`` tells the editor this server's mode, which its dock shows."""
    params: JsonObject = {
        "token": token,
        "client": client,
        "protocol_version": CONTRACT.protocol_version,
        "server_version": __version__,  # the editor's dock names a gap with the fix
        "read_only": read_only,
    }
    # The addon allows the auth timeout for our first frame; its answer gets the same plus the margin.
    timeout_s = CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["auth"])
    try:
        with anyio.fail_after(timeout_s):
            await ws.send(encode_request(_AUTH_ID, CONTRACT.method("auth"), params))
            frame = await ws.recv()
    except TimeoutError:
        raise _auth_failed(
            f"{endpoint.describe()} did not answer the auth request within {timeout_s:.1f} s."
        ) from None
    except ConnectionClosed as closed:
        raise _refused(closed, endpoint) from closed
    identity = _identity(frame, endpoint)
    if identity.protocol_version != CONTRACT.protocol_version:
        raise protocol_gap(identity, endpoint)
    return identity


def protocol_gap(identity: PeerIdentity, endpoint: Endpoint) -> ToolError:
    """``VERSION_UNSUPPORTED`` for an addon that speaks another protocol, with the fix for its side."""
    fixes = CONTRACT.version_fixes
    install = fixes["install_addon"].format(project=endpoint.project_path)
    older = identity.protocol_version < CONTRACT.protocol_version
    hint = (
        f"The addon is older: run `{install}`, then restart the editor."
        if older
        else f"The addon is newer than this server: upgrade the server (`{fixes['upgrade_server']}`, or "
        f"`uvx godot-live-mcp@latest`), or put this server's addon back with `{install}`."
    )
    return ToolError(
        ErrorCode.VERSION_UNSUPPORTED,
        f"The addon {identity.plugin_version} in {endpoint.project_path} speaks editor protocol "
        f"{identity.protocol_version}; this server ({__version__}) speaks {CONTRACT.protocol_version}.",
        hint,
    )


def _identity(frame: str | bytes, endpoint: Endpoint) -> PeerIdentity:
    try:
        message = parse_message(frame)
    except MalformedFrameError as error:
        raise _auth_failed(f"{endpoint.describe()} answered auth with a malformed frame: {error}") from error
    if isinstance(message, ErrorResponse):
        raise _auth_failed(f"{endpoint.describe()} refused auth: {message.message}")
    if not isinstance(message, Response) or not isinstance(message.result, dict):
        raise _auth_failed(f"{endpoint.describe()} answered auth with something other than a result.")
    if message.result.get("authed") is not True:
        raise _auth_failed(f"{endpoint.describe()} did not accept the token.")
    try:
        return PeerIdentity.from_result(message.result)
    except (TypeError, ValueError) as error:
        raise _auth_failed(
            f"{endpoint.describe()} answered auth with a malformed identity: {error}"
        ) from error


def _refused(closed: ConnectionClosed, endpoint: Endpoint) -> ToolError:
    if closed.rcvd is not None and closed.rcvd.code == _POLICY_VIOLATION:
        return _auth_failed(
            f"{endpoint.describe()} refused the connection: {closed.rcvd.reason or 'auth failed'}."
        )
    return ToolError(
        disconnected_code(endpoint), f"{endpoint.describe()} closed the connection during auth ({closed})."
    )


def _auth_failed(message: str) -> ToolError:
    return ToolError(
        ErrorCode.AUTH_FAILED,
        message,
        "The registry entry may be stale: restart the editor or the game, or run 'godot-live-mcp doctor'.",
    )


def disconnected_code(endpoint: Endpoint) -> str:
    """``EDITOR_DISCONNECTED`` for a lost or refused editor connection; ``RUNTIME_DISCONNECTED`` for games."""
    return ErrorCode.EDITOR_DISCONNECTED if endpoint.role == "editor" else ErrorCode.RUNTIME_DISCONNECTED
