"""A ``serve`` process under an official SDK client that counts ``tools/list_changed``, with its own
registry folder (editors of other tests stay out of sight)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import mcp_types as types
from anyio.streams.memory import MemoryObjectReceiveStream
from mcp.client import Client, IncomingMessage
from mcp.client.stdio import StdioServerParameters, stdio_client

from godot_live_mcp.bridge.catalog_cache import CACHE_DIR_ENV
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import EVERY_TOOL, EngineEditor

WAIT_S = 60.0


@dataclass
class WatchedServer:
    client: Client
    changes: MemoryObjectReceiveStream[None]
    env: dict[str, str]
    heard: list[None] = field(default_factory=list)  # one item per tools/list_changed received

    async def names(self) -> set[str]:
        return {tool.name for tool in (await self.client.list_tools(cache_mode="refresh")).tools}

    async def until(self, wanted: Callable[[set[str]], bool]) -> None:
        """Wait until the listed tools satisfy ``wanted``, re-listing after each ``tools/list_changed``."""
        with anyio.fail_after(WAIT_S):
            while not wanted(await self.names()):
                await self.changes.receive()


@asynccontextmanager
async def watched_server(
    editor: EngineEditor, workspace: Path, *serve_args: str
) -> AsyncIterator[WatchedServer]:
    """``godot-live-mcp serve SERVE_ARGS`` listing every tool, with the registry ``workspace/registry``."""
    sent, received = anyio.create_memory_object_stream[None](1000)
    heard: list[None] = []

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            heard.append(None)
            sent.send_nowait(None)

    # Its own registry and catalogue cache: what it lists before an editor is up depends on it alone.
    env = {
        **editor.env,
        REGISTRY_DIR_ENV: str(workspace / "registry"),
        CACHE_DIR_ENV: str(workspace / "catalogs"),
    }
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "godot_live_mcp", "serve", "--tools", "all", "--max-tools", str(EVERY_TOOL), *serve_args],
        env=env,
    )
    log_path = workspace / f"server-{len(editor.server_logs)}.log"
    editor.server_logs.append(log_path)
    with log_path.open("w", encoding="utf-8") as server_log, sent, received:
        async with Client(
            stdio_client(params, errlog=server_log), mode="legacy", message_handler=on_message
        ) as client:
            yield WatchedServer(client, received, env, heard)
