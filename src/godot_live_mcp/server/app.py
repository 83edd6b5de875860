"""The MCP surface: a low-level server whose tools follow the editor's catalogue at run time."""

from __future__ import annotations

import logging
import time
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.models import InitializationOptions
from mcp.server.session import ServerSession
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged

from godot_live_mcp import __version__
from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.queue_events import listening_to_queue
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.queue_progress import QueueProgress
from godot_live_mcp.server.read_only import ReadOnlyPolicy
from godot_live_mcp.server.results import envelope_result, error_result
from godot_live_mcp.server.tool_table import ToolEntry, ToolTable

logger = logging.getLogger(__name__)

INSTRUCTIONS = (
    "Tools act on a live Godot 4 editor. Names are <domain>_<verb> (scene_get_tree, node_set_property). "
    "Failures carry a code and a hint naming the next step."
)


class _ToolsChangeServer(Server[Any]):
    """Advertises ``tools.listChanged: true`` on every transport: the tool list follows the editor.

    The HTTP session manager builds its initialization options itself, so the default must change here.
    """

    def create_initialization_options(
        self,
        notification_options: NotificationOptions | None = None,
        experimental_capabilities: dict[str, dict[str, Any]] | None = None,
        extensions: dict[str, dict[str, Any]] | None = None,
    ) -> InitializationOptions:
        return super().create_initialization_options(
            notification_options or NotificationOptions(tools_changed=True),
            experimental_capabilities,
            extensions,
        )


class GodotMcpApp:
    """Composes the tool table, the read-only policy and the editor link into an MCP ``Server``.

    ``startup_wait_s`` bounds how long the first list or call waits for the first connection
    attempt (an editor being launched), so a client that lists tools once still sees them.
    """

    def __init__(
        self,
        link: EditorLink,
        policy: ReadOnlyPolicy,
        *,
        startup_wait_s: float = 120.0,
        runtime: RuntimeLink | None = None,
    ) -> None:
        self.link = link
        self.runtime = runtime
        self.policy = policy
        self.table = ToolTable()
        self._startup_wait_s = startup_wait_s
        self._sessions: list[ServerSession] = []
        self._bus = InMemorySubscriptionBus()
        self.server: Server[Any] = _ToolsChangeServer(
            "godot-live-mcp",
            version=__version__,
            instructions=INSTRUCTIONS,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
            on_subscriptions_listen=ListenHandler(self._bus),
        )
        self.server.add_notification_handler(
            "notifications/initialized", types.NotificationParams, self._initialized
        )
        link.add_catalog_listener(self.apply_catalog)

    def initialization_options(self) -> InitializationOptions:
        return self.server.create_initialization_options()

    async def apply_catalog(self, catalog: Catalog) -> None:
        """Publish the tools of ``catalog``; tell connected clients when the list changed."""
        if self.table.replace(editor_tool_entries(catalog, self.link, self.runtime)):
            logger.info("publishing %d tools", len(self.table))
            await self._announce_tools_changed()

    def visible_tools(self) -> list[types.Tool]:
        return [entry.tool for entry in self.table.entries() if self.policy.lists(entry)]

    async def _list_tools(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        await self.link.wait_first_attempt(self._startup_wait_s)
        return types.ListToolsResult(tools=self.visible_tools())

    async def _call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        started = time.perf_counter()
        try:
            entry = await self._lookup(params.name)
            self.policy.check(entry)
            arguments = entry.arguments.validate(entry.name, params.arguments)
            with listening_to_queue(QueueProgress(ctx.session)):
                envelope = await entry.backend.invoke(arguments, entry.timeout_s)
            result = envelope_result(envelope)
        except ToolError as error:
            result = error_result(error)
        logger.debug(
            "tools/call %s: %s in %.1f ms",
            params.name,
            "error" if result.is_error else "ok",
            (time.perf_counter() - started) * 1000,
        )
        return result

    async def _lookup(self, name: str) -> ToolEntry:
        if len(self.table) == 0:
            await self.link.wait_first_attempt(self._startup_wait_s)
        entry = self.table.get(name)
        if entry is not None:
            return entry
        if self.link.catalog is None:
            raise self.link.problem
        raise ToolError(
            ErrorCode.UNKNOWN_TOOL,
            f"No tool named {name!r} is published.",
            "List the tools again (tools/list): the editor's commands may have changed.",
        )

    async def _initialized(self, ctx: ServerRequestContext[Any], params: types.NotificationParams) -> None:
        # Kept to announce catalogue changes that happen outside any request.
        self._sessions.append(ctx.session)

    async def _announce_tools_changed(self) -> None:
        await self._bus.publish(ToolsListChanged())
        for session in list(self._sessions):
            try:
                await session.send_tool_list_changed()
            except Exception as error:  # a client that went away must not stop the others
                logger.debug("dropping a closed session: %s", error)
                self._sessions.remove(session)
