"""The HTTP transport's port and token file, taken in that order.

The port is bound and listening before the token file is written, so a second server asked for a port
already served fails there, with a clear error, and never touches the first one's token file; a server
removes only the file it wrote (``HttpToken.remove`` checks the inode and the token).
"""

from __future__ import annotations

import errno
import socket
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.contract import ActionableError, ErrorCode
from godot_live_mcp.server.http_auth import HttpToken, http_token_dir

__all__ = ["LOCALHOST", "HttpListener", "PortInUseError"]

LOCALHOST = "127.0.0.1"
_BACKLOG = 128


class PortInUseError(ActionableError):
    default_code = ErrorCode.ALREADY_EXISTS


@dataclass
class HttpListener:
    sock: socket.socket
    token: HttpToken

    @property
    def port(self) -> int:
        port: int = self.sock.getsockname()[1]
        return port

    @classmethod
    def open(cls, port: int, token_dir: Path | None = None) -> HttpListener:
        """Bind ``127.0.0.1:port`` and listen, then write a fresh token file; ``PortInUseError`` first
        when something already listens there."""
        sock = _bind(port)
        try:
            return cls(sock, HttpToken.create(token_dir or http_token_dir(), port))
        except BaseException:
            sock.close()
            raise

    def close(self) -> None:
        self.token.remove()
        self.sock.close()


def _bind(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        # As uvicorn does: a restart may bind over connections of the last run in TIME_WAIT. On Linux
        # this never lets two sockets listen on one port.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((LOCALHOST, port))
        sock.listen(_BACKLOG)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise PortInUseError(
                f"Port {port} on {LOCALHOST} is already in use (another `serve --transport http`?); "
                "its token file was left as it is.",
                "Pass another --port, or stop the server that holds this one.",
            ) from None
        raise
    return sock
