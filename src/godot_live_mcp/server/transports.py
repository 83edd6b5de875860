"""Running the MCP server over stdio or streamable HTTP (bound to 127.0.0.1 only, bearer token required,
slow and unauthenticated peers bounded by ``http_guard``)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import anyio
import uvicorn
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette

from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.http_auth import HttpToken, StaticTokenVerifier, auth_settings
from godot_live_mcp.server.http_events import RETRY_MS, own_event_stores
from godot_live_mcp.server.http_guard import MAX_HEADER_BYTES, ConnectionGuard, GuardLimits, guarded_protocol
from godot_live_mcp.server.http_listener import LOCALHOST, HttpListener
from godot_live_mcp.server.http_log import RefusalLog
from godot_live_mcp.server.stdio_pipes import answering_malformed_lines, stdio_streams

logger = logging.getLogger(__name__)

HTTP_PATH = "/mcp"
_GRACEFUL_S = 2
_KEEP_ALIVE_S = 5  # an idle connection between requests (uvicorn's default, stated)
_MAX_CONNECTIONS = 256  # beyond it uvicorn answers 503: a bound on requests in flight of every client


async def run_stdio(app: GodotMcpApp) -> None:
    """Serve one client on stdin/stdout until it closes stdin."""
    async with stdio_streams() as streams, answering_malformed_lines(streams) as (read_stream, write_stream):
        await app.server.run(read_stream, write_stream, app.server.create_initialization_options())


def http_app(app: GodotMcpApp, port: int, token: str) -> Starlette:
    """The ASGI app: the SDK's streamable HTTP behind the bearer token, with its DNS-rebinding checks
    given exact values (the SDK's own ``127.0.0.1:*`` pattern is a prefix: it let ``Host:
    127.0.0.1:8000.evil.com`` through).

    Every MCP session (one per client's ``initialize``) keeps its own tool surface, and its own recent
    events, so a cut stream resumes with ``Last-Event-ID`` (``http_events``).
    """
    starlette = app.server.streamable_http_app(
        streamable_http_path=HTTP_PATH,
        host=LOCALHOST,
        retry_interval=RETRY_MS,
        transport_security=exact_origins(port),
        auth=auth_settings(f"http://{LOCALHOST}:{port}"),
        token_verifier=StaticTokenVerifier(token),
    )
    own_event_stores(app.server.session_manager)
    return starlette


def exact_origins(port: int) -> TransportSecuritySettings:
    """Only this server's own ``Host`` and ``Origin`` values; no wildcard, so no prefix matching."""
    hosts = [f"{LOCALHOST}:{port}", f"localhost:{port}"]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts,
        allowed_origins=[f"http://{host}" for host in hosts],
    )


async def run_http(
    app: GodotMcpApp, port: int, token_dir: Path | None = None, listener: HttpListener | None = None
) -> None:
    """Serve streamable HTTP at ``http://127.0.0.1:<port>/mcp`` until cancelled, on ``listener`` (else
    one opened and announced here); the token file goes with the server."""
    if listener is None:
        listener = HttpListener.open(port, token_dir)
        announce_token(listener.port, listener.token)
    refusals = RefusalLog(logger)
    try:
        guard = ConnectionGuard(listener.token.value, GuardLimits(), refusals)
        config = uvicorn.Config(
            http_app(app, listener.port, listener.token.value),
            http=guarded_protocol(guard),
            log_config=None,  # the records go to the process's own handlers, through RefusalLog
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=_GRACEFUL_S,
            timeout_keep_alive=_KEEP_ALIVE_S,
            limit_concurrency=_MAX_CONNECTIONS,
            h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        )
        with refusals.guarding():
            await _serve_until_cancelled(uvicorn.Server(config), listener)
    finally:
        listener.close()


async def _serve_until_cancelled(server: uvicorn.Server, listener: HttpListener) -> None:
    """Run uvicorn; on cancellation ask it to shut down and wait (bounded) until its socket is closed,
    rather than cutting it short with the socket left open."""
    stopped = anyio.Event()

    async def serve() -> None:
        with anyio.CancelScope(shield=True):
            try:
                await server.serve(sockets=[listener.sock])
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
