"""Waiting for a ``serve --transport http`` that a test started.

The server listens before it writes its token file (``server/http_listener.py``: the port is taken
first), so a test that needs the token waits for the file, never for the port alone: a connection can
succeed in the moment between the two.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anyio

from godot_live_mcp.instances.launcher import free_port
from godot_live_mcp.server.http_auth import http_token_path

__all__ = ["free_port", "served_token", "served_token_file", "wait_listening"]

_START_S = 60  # a serve process starts in seconds, more on a loaded machine


async def wait_listening(port: int) -> None:
    """Until something accepts a connection on ``127.0.0.1:port`` (for a server run in this process,
    which takes the port and writes its token in one step)."""
    with anyio.fail_after(_START_S):
        while True:
            try:
                stream = await anyio.connect_tcp("127.0.0.1", port)
            except OSError:
                await anyio.sleep(0.05)
                continue
            await stream.aclose()
            return


def served_token_file(state: Path, port: int) -> Path:
    """The token file of a server on ``port`` run with ``XDG_STATE_HOME=state`` (Linux)."""
    return http_token_path(port, state / "godot-live-mcp" / "http")


async def served_token(token_file: Path, exit_code: Callable[[], int | None]) -> str:
    """The token once the server process has written it (it listens by then); fails at once when the
    process exits first. ``exit_code`` is ``Popen.poll`` or an anyio process's ``returncode``."""
    written = anyio.Path(token_file)
    with anyio.fail_after(_START_S):
        while not await written.exists():
            code = exit_code()
            assert code is None, f"serve exited ({code}) before it wrote its token"
            await anyio.sleep(0.05)
    return (await written.read_text("ascii")).strip()
