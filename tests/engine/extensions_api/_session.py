"""Extension scripts planted in the session project for one test, and an MCP client that hears
tools/list_changed, so a test can wait for the tool list to follow a change instead of sleeping."""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.client import Client, IncomingMessage
from mcp.client.stdio import StdioServerParameters, stdio_client

from godot_live_mcp.security.extension_consent import enable as enable_extension
from tests.engine.harness import EVERY_TOOL, EngineEditor
from tests.mcp_results import structured

LIST_WAIT_S = 20.0
_EXTENSION_CLASS = re.compile(r"^class_name\s+(\w+)", re.MULTILINE)


def extension(class_name: str, register_body: str, members: str = "") -> str:
    """The source of a typed @tool extension: register() runs register_body (indented by one tab)."""
    body = "\n".join("\t" + line if line else "" for line in register_body.strip("\n").splitlines())
    return (
        f"@tool\nclass_name {class_name}\nextends MCPToolkitExtension\n\n\n"
        f"func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:\n{body}\n"
        + (f"\n\n{members.strip(chr(10))}\n" if members else "")
    )


@dataclass
class Session:
    """One MCP client (every tool listed unless ``surface`` args say otherwise) counting list changes."""

    client: Client
    changes: int = 0
    _changed: anyio.Event = field(default_factory=anyio.Event)

    def heard_change(self) -> None:
        self.changes += 1
        self._changed.set()
        self._changed = anyio.Event()

    async def names(self) -> set[str]:
        return {tool.name for tool in (await self.client.list_tools(cache_mode="refresh")).tools}

    async def tools(self) -> dict[str, types.Tool]:
        return {tool.name: tool for tool in (await self.client.list_tools(cache_mode="refresh")).tools}

    async def call(self, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        return structured(await self.client.call_tool(tool, arguments or {}))

    async def refresh(self) -> dict[str, Any]:
        return await self.call("extensions_refresh")

    async def extension(self, class_name: str) -> dict[str, Any] | None:
        """What extensions_list says about one extension, or None when it is not there."""
        listed = (await self.call("extensions_list"))["extensions"]
        return next((item for item in listed if item["class"] == class_name), None)

    async def wait_listed(self, present: Iterable[str] = (), absent: Iterable[str] = ()) -> set[str]:
        """The tool names once every present one is listed and no absent one is; each look follows a
        tools/list_changed (the server applies a new catalogue a moment after the editor announced it)."""
        wanted, unwanted = set(present), set(absent)
        with anyio.fail_after(LIST_WAIT_S):
            while True:
                changed = self._changed
                names = await self.names()
                if wanted <= names and not unwanted & names:
                    return names
                await changed.wait()


@asynccontextmanager
async def session(editor: EngineEditor, *surface: str) -> AsyncIterator[Session]:
    """A client of ``godot-live-mcp serve`` on the session editor: every tool, or the surface args given."""
    args = [*(surface or ("--tools", "all", "--max-tools", str(EVERY_TOOL))), "--allow-execute"]
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "godot_live_mcp", "serve", "--project", str(editor.project), "--no-launch", *args],
        env=editor.env,
    )
    holder: list[Session] = []

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.ToolListChangedNotification) and holder:
            holder[0].heard_change()

    log_path = editor.workspace / f"server-{len(editor.server_logs)}.log"
    editor.server_logs.append(log_path)
    with log_path.open("w", encoding="utf-8") as server_log:
        async with Client(
            stdio_client(params, errlog=server_log), mode="legacy", message_handler=on_message
        ) as client:
            holder.append(Session(client))
            await client.list_tools()
            yield holder[0]


@dataclass
class Plot:
    """A folder of the session project holding one test's extension scripts (res:// and disk)."""

    res: str
    disk: Path
    project: Path

    def plant(self, relative: str, source: str) -> str:
        """Write a script (or any file) under the folder, as a person would, and enable it when it is an
        extension (``godot-live-mcp extensions enable NAME``); its res:// path."""
        target = self.disk / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source, "utf-8")
        named = _EXTENSION_CLASS.search(source)
        if named and "extends MCPToolkitExtension" in source:
            enable_extension(self.project, named.group(1))
        return f"{self.res}/{relative}"

    def remove(self, relative: str) -> None:
        (self.disk / relative).unlink()


def plot_for(project: Path, folder: str) -> Plot:
    return Plot(f"res://{folder}", project / folder, project)


async def clear_plot(plot: Plot, client: Session) -> None:
    """Delete the folder and withdraw its extensions (a refresh rescans the project)."""
    if plot.disk.exists():
        shutil.rmtree(plot.disk)
    await client.refresh()
