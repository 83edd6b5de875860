"""The bearer token of the HTTP transport: 256 random bits per server start, kept in a private file.

The file is the person's copy (``<user state dir>/godot-live-mcp/http/<port>.token``, the folder 0700,
the file 0600); the token is also printed once on stderr. The SDK's Starlette pieces check it:
``BearerAuthBackend`` reads the ``Authorization: Bearer`` header, ``RequireAuthMiddleware`` answers 401
without it, and the verifier here compares in constant time.
"""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from mcp.server.auth.provider import AccessToken, TokenVerifier
from mcp.server.auth.settings import AuthSettings
from pydantic import AnyHttpUrl

__all__ = [
    "CLIENT_ID",
    "HttpToken",
    "StaticTokenVerifier",
    "auth_settings",
    "http_token_dir",
    "http_token_path",
]

TOKEN_BYTES = 32  # 256 bits
CLIENT_ID = "godot-live-mcp-http"


def http_token_dir() -> Path:
    """Where the HTTP transport keeps its token files: ``<user state dir>/godot-live-mcp/http``."""
    return platformdirs.user_state_path("godot-live-mcp", appauthor=False) / "http"


def http_token_path(port: int, folder: Path | None = None) -> Path:
    """The token file of the server on ``port``."""
    return (folder or http_token_dir()) / f"{port}.token"


@dataclass(frozen=True)
class HttpToken:
    """One server start's token and the private file that holds it (its inode: the file is this
    server's only while it is that same file with that same token)."""

    value: str
    path: Path
    inode: tuple[int, int] = (0, 0)  # (st_dev, st_ino) of the file written

    @classmethod
    def create(cls, folder: Path, port: int) -> HttpToken:
        """A fresh token written to ``folder/<port>.token`` (folder 0700, file 0600, created anew).

        Call it only while holding the port: a file already there is then a killed server's leftover.
        """
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(folder, 0o700)
        path = http_token_path(port, folder)
        value = secrets.token_urlsafe(TOKEN_BYTES)
        # Written aside, then renamed over a killed server's leftover (a link there is replaced, never
        # followed): a reader sees no file or the whole token, never an empty one.
        fresh = path.with_name(f".{path.name}.{os.getpid()}")
        with contextlib.suppress(FileNotFoundError):
            fresh.unlink()
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        descriptor = os.open(fresh, flags, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(value + "\n")
            written = os.fstat(file.fileno())
        os.replace(fresh, path)
        return cls(value, path, (written.st_dev, written.st_ino))

    def remove(self) -> None:
        """Unlink the file only while it is still the one this server wrote, holding its token."""
        if self.is_ours():
            with contextlib.suppress(OSError):
                self.path.unlink()

    def is_ours(self) -> bool:
        flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
        try:
            descriptor = os.open(self.path, flags)
        except OSError:
            return False
        with os.fdopen(descriptor, "rb") as file:
            found = os.fstat(file.fileno())
            if (found.st_dev, found.st_ino) != self.inode or not stat.S_ISREG(found.st_mode):
                return False
            text = file.read(TOKEN_BYTES * 2 + 2)
        return hmac.compare_digest(text.strip(), self.value.encode("ascii"))


class StaticTokenVerifier(TokenVerifier):
    """Accepts exactly one token, compared in constant time."""

    def __init__(self, token: str) -> None:
        self._expected = token.encode("utf-8")

    async def verify_token(self, token: str) -> AccessToken | None:
        if not hmac.compare_digest(token.encode("utf-8", errors="replace"), self._expected):
            return None
        return AccessToken(token=token, client_id=CLIENT_ID, scopes=[])


def auth_settings(base_url: str) -> AuthSettings:
    """Bearer checks only: no OAuth routes, no scopes, no protected-resource metadata."""
    return AuthSettings(issuer_url=AnyHttpUrl(base_url), resource_server_url=None, required_scopes=[])
