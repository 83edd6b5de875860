"""The MCP resource handlers: list, read, and subscribe (``resources/subscribe`` on handshake-era
connections, the resource URIs of ``subscriptions/listen`` on 2026-07-28 ones)."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Hashable
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.subscriptions import ResourceUpdated, SubscriptionBus
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import ToolError
from godot_live_mcp.plugins import ProjectPlugins
from godot_live_mcp.server.resources.addresses import (
    FIXED,
    TEMPLATES,
    ResourceAddress,
    ResourceKind,
    UnknownResourceError,
    parse_uri,
)
from godot_live_mcp.server.resources.plugin_resources import PluginResources
from godot_live_mcp.server.resources.readers import RESOURCE_NOT_FOUND, ResourceReaders, resource_error
from godot_live_mcp.server.resources.watch import POLL_INTERVAL_S, ResourceWatch

ListenHandlerT = Callable[
    [ServerRequestContext[Any], types.SubscriptionsListenRequestParams],
    Awaitable[types.SubscriptionsListenResult],
]
_FILES = (ResourceKind.SCENE, ResourceKind.SCRIPT)
_WATCHABLE = (*_FILES, ResourceKind.PROJECT_INFO, ResourceKind.EDITOR_LOG, ResourceKind.GAME_LOG)


class ResourceCatalog:
    """Serves the ``godot://`` resources, and those of Python plugins after ``offer_plugins``; run
    ``watch.run()`` in a task group for subscriptions.

    ``project`` gives the served project's folder, whose files subscriptions watch (default: the editor's).
    """

    def __init__(
        self,
        link: EditorLink,
        runtime: RuntimeLink | None,
        bus: SubscriptionBus,
        *,
        interval_s: float = POLL_INTERVAL_S,
        startup_wait_s: float = 120.0,
        project: Callable[[], Path | None] | None = None,
    ) -> None:
        self._project = project or (lambda: link.instance.project_path if link.instance else None)
        self._bus = bus
        self._link, self._runtime = link, runtime
        self.readers = ResourceReaders(link, runtime, startup_wait_s=startup_wait_s)
        self.watch = ResourceWatch(self._fingerprint, interval_s)
        self.plugins: PluginResources | None = None

    def offer_plugins(self, plugins: ProjectPlugins) -> None:
        """Also offer the resources the served plugins add (``godot://<namespace>/<name>``)."""
        self.plugins = PluginResources(plugins, self._link, self._runtime)

    def plugins_changed(self) -> bool:
        """Whether the plugins' resources changed since the last call (a plugin enabled or disabled)."""
        return self.plugins is not None and self.plugins.changed()

    async def list_resources(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        offered = self.plugins.listed() if self.plugins is not None else []
        return types.ListResourcesResult(resources=[*FIXED, *offered])

    async def list_templates(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=list(TEMPLATES))

    async def read(
        self, ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        offered = self.plugins.named(params.uri) if self.plugins is not None else None
        try:
            if offered is not None and self.plugins is not None:
                mime_type, text = await self.plugins.read(offered)
            else:
                mime_type, text = await self.readers.read(_address(params.uri))
        except ToolError as error:
            raise resource_error(error) from None
        contents = types.TextResourceContents(uri=params.uri, mime_type=mime_type, text=text)
        return types.ReadResourceResult(contents=[contents])

    async def subscribe(
        self, ctx: ServerRequestContext[Any], params: types.SubscribeRequestParams
    ) -> types.EmptyResult:
        if self.plugins is not None and self.plugins.named(params.uri) is not None:
            raise MCPError(
                INVALID_PARAMS,
                f"{params.uri} cannot be subscribed to: a plugin's resource is made afresh at each read.",
            )
        _watchable(params.uri)
        session = ctx.session

        async def notify(uri: str) -> None:
            await session.send_resource_updated(uri)

        await self.watch.subscribe(params.uri, _client(ctx), notify)
        return types.EmptyResult()

    async def unsubscribe(
        self, ctx: ServerRequestContext[Any], params: types.UnsubscribeRequestParams
    ) -> types.EmptyResult:
        self.watch.unsubscribe(params.uri, _client(ctx))
        return types.EmptyResult()

    def listening(self, inner: ListenHandlerT) -> ListenHandlerT:
        """``inner`` (the SDK's listen handler) with the stream's resource URIs watched while it is open."""

        async def listen(
            ctx: ServerRequestContext[Any], params: types.SubscriptionsListenRequestParams
        ) -> types.SubscriptionsListenResult:
            uris = [uri for uri in params.notifications.resource_subscriptions or () if _is_watchable(uri)]
            stream = ("listen", _client(ctx), ctx.request_id)
            for uri in uris:
                await self.watch.subscribe(uri, stream, self._publish)
            try:
                return await inner(ctx, params)
            finally:
                for uri in uris:
                    self.watch.unsubscribe(uri, stream)

        return listen

    async def _publish(self, uri: str) -> None:
        await self._bus.publish(ResourceUpdated(uri=uri))

    async def _fingerprint(self, uri: str) -> Hashable:
        address = parse_uri(uri)
        if address.kind in _FILES:
            return _file_stamp(self._local(address.key))
        if address.kind is ResourceKind.PROJECT_INFO:
            return _file_stamp(self._local("res://project.godot"))
        if address.kind is ResourceKind.EDITOR_LOG:
            page = await self.readers.editor("editor.get_log", {"limit": 1})
            return ("editor", page.get("last_seq"), page.get("total_entries"))
        try:
            page = await self.readers.game("runtime.get_log", {"limit": 1})
        except ToolError as error:
            return ("no game", error.code)
        return ("game", page.get("last_seq"), page.get("total_entries"))

    def _local(self, path: str) -> Path | None:
        project = self._project()
        return project / path.removeprefix("res://") if project is not None else None


def _client(ctx: ServerRequestContext[Any]) -> int:
    # ctx.session is a per-request proxy; its connection is the client's stable identity.
    return id(getattr(ctx.session, "_connection", ctx.session))


def _address(uri: str) -> ResourceAddress:
    try:
        return parse_uri(uri)
    except UnknownResourceError as error:
        raise MCPError(
            RESOURCE_NOT_FOUND, f"{error} resources/list and resources/templates/list name them."
        ) from None


def _is_watchable(uri: str) -> bool:
    try:
        _watchable(uri)
    except MCPError:
        return False
    return True


def _watchable(uri: str) -> ResourceAddress:
    address = _address(uri)
    if address.kind not in _WATCHABLE or ".." in address.key.split("/"):
        raise MCPError(
            INVALID_PARAMS,
            f"{uri} cannot be subscribed to: it does not change while the editor runs. Scenes, scripts, "
            "godot://project/info and the logs can.",
        )
    return address


def _file_stamp(path: Path | None) -> Hashable:
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return "missing"
    return (stat.st_mtime_ns, stat.st_size)
