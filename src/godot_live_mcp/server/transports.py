"""Running the MCP server over stdio or streamable HTTP (bound to 127.0.0.1 only, bearer token required)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import anyio
import uvicorn
from starlette.applications import Starlette

from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.http_auth import HttpToken, StaticTokenVerifier, auth_settings, http_token_dir
from godot_live_mcp.server.stdio_pipes import answering_malformed_lines, stdio_streams

logger = logging.getLogger(__name__)

LOCALHOST = "127.0.0.1"
HTTP_PATH = "/mcp"
_GRACEFUL_S = 2


async def run_stdio(app: GodotMcpApp) -> None:
    """Serve one client on stdin/stdout until it closes stdin."""
    async with stdio_streams() as streams, answering_malformed_lines(streams) as (read_stream, write_stream):
        await app.server.run(read_stream, write_stream, app.initialization_options())


def http_app(app: GodotMcpApp, port: int, token: str) -> Starlette:
    """The ASGI app: the SDK's streamable HTTP with its DNS-rebinding checks, behind the bearer token.

    Every MCP session (one per client's ``initialize``) keeps its own tool surface.
    """
    return app.server.streamable_http_app(
        streamable_http_path=HTTP_PATH,
        host=LOCALHOST,
        auth=auth_settings(f"http://{LOCALHOST}:{port}"),
        token_verifier=StaticTokenVerifier(token),
    )


async def run_http(app: GodotMcpApp, port: int, token_dir: Path | None = None) -> None:
    """Serve streamable HTTP at ``http://127.0.0.1:<port>/mcp`` until cancelled; the token file goes
    with the server."""
    token = HttpToken.create(token_dir or http_token_dir(), port)
    try:
        config = uvicorn.Config(
            http_app(app, port, token.value),
            host=LOCALHOST,
            port=port,
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=_GRACEFUL_S,
        )
        announce_token(port, token)
        await _serve_until_cancelled(uvicorn.Server(config))
    finally:
        token.remove()


async def _serve_until_cancelled(server: uvicorn.Server) -> None:
    """Run uvicorn; on cancellation ask it to shut down and wait (bounded) until its socket is closed,
    rather than cutting it short with the socket left open."""
    stopped = anyio.Event()

    async def serve() -> None:
        with anyio.CancelScope(shield=True):
            try:
                await server.serve()
            finally:
                stopped.set()

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(serve)
        try:
            await stopped.wait()
        finally:
            server.should_exit = True
            with anyio.CancelScope(shield=True), anyio.move_on_after(_GRACEFUL_S + 1.0):
                await stopped.wait()


def announce_token(port: int, token: HttpToken) -> None:
    """Printed once, on stderr: the client's configuration needs it."""
    print(
        f"godot-live-mcp: serving MCP at http://{LOCALHOST}:{port}{HTTP_PATH}; clients must send the header\n"
        f"  Authorization: Bearer {token.value}\n"
        f"(this token is new at every start; it is also in {token.path}, readable by you only)",
        file=sys.stderr,
        flush=True,
    )
