"""Running the MCP server over stdio or streamable HTTP (bound to 127.0.0.1 only)."""

from __future__ import annotations

import logging

import uvicorn

from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.stdio_pipes import stdio_streams

logger = logging.getLogger(__name__)

LOCALHOST = "127.0.0.1"
HTTP_PATH = "/mcp"


async def run_stdio(app: GodotMcpApp) -> None:
    """Serve one client on stdin/stdout until it closes stdin."""
    async with stdio_streams() as (read_stream, write_stream):
        await app.server.run(read_stream, write_stream, app.initialization_options())


async def run_http(app: GodotMcpApp, port: int) -> None:
    """Serve streamable HTTP at ``http://127.0.0.1:<port>/mcp`` until cancelled."""
    asgi = app.server.streamable_http_app(streamable_http_path=HTTP_PATH, host=LOCALHOST)
    config = uvicorn.Config(asgi, host=LOCALHOST, port=port, log_level="warning", lifespan="on")
    logger.info("serving MCP over streamable HTTP at http://%s:%d%s", LOCALHOST, port, HTTP_PATH)
    await uvicorn.Server(config).serve()
