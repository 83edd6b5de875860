"""The server on a fake editor with an in-process MCP client: the whole Python path in a few lines."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from mcp.client import Client

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.surface import StartupTools
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.unit.fakes.fake_editor import FakeEditor
from tests.unit.fakes.sources import FixedSource


@dataclass
class Served:
    client: Client
    editor: FakeEditor
    app: GodotMcpApp

    async def names(self) -> list[str]:
        return [tool.name for tool in (await self.client.list_tools(cache_mode="refresh")).tools]


@asynccontextmanager
async def served(
    folder: Path, commands: list[dict[str, Any]], policy: ToolPolicy | None = None
) -> AsyncIterator[Served]:
    """Every tool of ``commands`` on the start-up list; ``policy`` decides what is offered."""
    async with FakeEditor(folder, [dict(c) for c in commands]) as editor:
        link = EditorLink(FixedSource(editor.instance), backoff=Backoff(0.01, 2, 0.05))
        app = GodotMcpApp(
            link, policy or ToolPolicy(), startup_wait_s=5, startup=StartupTools(every_group=True)
        )
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            async with Client(app.server, mode="legacy") as client:
                await client.list_tools()
                yield Served(client, editor, app)
            tasks.cancel_scope.cancel()
