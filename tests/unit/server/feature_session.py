"""An in-process MCP client on a server whose editor is the fake, with the serve features chosen per test."""

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
from godot_live_mcp.server.features import FeatureOptions
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.unit.fakes.fake_editor import FakeEditor, command
from tests.unit.fakes.sources import FixedSource

COMMANDS = [
    command("project.get_info"),
    command("editor.get_log"),
    command("game.status"),
    command("file.read"),
    command("scene.read_file"),
    command("script.read"),
    command("classdb.get_class"),
    command("node.get"),
    command(
        "runtime.step",
        timeout_ms=300000,
        schema={"type": "object", "properties": {"frames": {"type": "integer"}}},
        annotations={"read_only": False, "destructive": False, "idempotent": False, "long_running": True},
    ),
    command(
        "resource.create",
        read_only=False,
        annotations={"read_only": False, "destructive": False, "idempotent": False},
        schema={
            "type": "object",
            "properties": {"path": {"type": "string"}, "if_exists": {"type": "string"}, "properties": {}},
        },
    ),
    command(
        "file.delete",
        read_only=False,
        annotations={"read_only": False, "destructive": True, "idempotent": False},
        schema={"type": "object", "properties": {"path": {"type": "string"}}},
    ),
    command(
        "editor.batch",
        read_only=False,
        annotations={"read_only": False, "destructive": False, "idempotent": False},
        marks=["runs_steps"],
        schema={"type": "object", "properties": {"steps": {"type": "array"}}},
    ),
]


@dataclass
class FeatureSession:
    client: Client
    editor: FakeEditor
    app: GodotMcpApp


@asynccontextmanager
async def serving(
    tmp_path: Path,
    *,
    features: FeatureOptions | None = None,
    mode: str = "legacy",
    **client_options: Any,
) -> AsyncIterator[FeatureSession]:
    async with FakeEditor(tmp_path, [dict(c) for c in COMMANDS]) as editor:
        link = EditorLink(FixedSource(editor.instance), backoff=Backoff(0.01, 2, 0.05))
        app = GodotMcpApp(link, ToolPolicy(), startup_wait_s=5, features=features)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            async with Client(app.server, mode=mode, **client_options) as client:
                await client.list_tools()  # connected, first catalogue applied
                yield FeatureSession(client, editor, app)
            tasks.cancel_scope.cancel()
