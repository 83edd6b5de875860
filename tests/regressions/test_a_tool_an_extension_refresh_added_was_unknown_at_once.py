"""CI: right after `extensions_refresh` answered that an extension loaded, calling its tool answered
UNKNOWN_TOOL. The editor sends `catalog.changed` before that answer, but the server only started to
wait for the new catalogue once it had fetched it, so a call in between found the old table. Now the
notice itself makes a call for an unknown tool wait for the refresh (bounded)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.unit.fakes.fake_editor import FakeEditor, command
from tests.unit.fakes.sources import FixedSource

pytestmark = pytest.mark.anyio


async def test_a_tool_added_by_a_call_answers_the_next_call(tmp_path: Path) -> None:
    async with FakeEditor(tmp_path, [command("extensions.refresh", read_only=False)]) as editor:

        async def refresh(params: dict[str, Any]) -> Any:
            editor.catalog.append(command("planted.hello"))
            editor.catalog_version += 1
            editor.catalog_delay_s = 0.5  # the refreshed catalogue comes late
            await editor.notify("catalog.changed", {"catalog_version": editor.catalog_version})
            return {"loaded": ["planted"]}

        editor.handlers["extensions.refresh"] = refresh
        link = EditorLink(FixedSource(editor.instance))
        app = GodotMcpApp(link, ToolPolicy(), startup_wait_s=10)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            async with Client(app.server) as client:
                await client.list_tools()
                await client.call_tool("extensions_refresh", {})
                hello = await client.call_tool("planted_hello", {})
            tasks.cancel_scope.cancel()
    assert not hello.is_error, hello.content
    assert editor.methods_received()[-1] == "planted.hello"
