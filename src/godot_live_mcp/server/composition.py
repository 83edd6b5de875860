"""The composition root of ``godot-live-mcp serve``: build in order, run, tear down in reverse."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import anyio

from godot_live_mcp.bridge.catalog_cache import CatalogCache
from godot_live_mcp.bridge.debugger_pause import follow_debugger
from godot_live_mcp.bridge.editor_link import EditorLink, EditorSource
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.instances.editor_source import LaunchingSource, RegistrySource
from godot_live_mcp.instances.registry import prune_dead_entries
from godot_live_mcp.plugins import OWN_NAMESPACE, ProjectPlugins, ProjectTools
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.editor_roster import EditorRoster
from godot_live_mcp.server.features import FeatureOptions
from godot_live_mcp.server.game_owner import GameOwner
from godot_live_mcp.server.hooks import audit_file, rate_limit_from_env
from godot_live_mcp.server.http_auth import HttpToken
from godot_live_mcp.server.http_listener import HttpListener
from godot_live_mcp.server.instance_tools import InstanceRouting
from godot_live_mcp.server.plugin_tools import add_server_tools
from godot_live_mcp.server.surface import DEFAULT_MAX_TOOLS, StartupTools
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.transports import announce_token, run_http, run_stdio

logger = logging.getLogger(__name__)

Transport = Literal["stdio", "http"]


@dataclass(frozen=True)
class ServeOptions:
    project: Path | None = None
    transport: Transport = "stdio"
    port: int = 8765
    read_only: bool = False
    allow_execute: bool = False
    launch: bool = True
    godot: str | None = None
    confirm_destructive: bool = False
    tools: StartupTools = field(default_factory=StartupTools)
    max_tools: int = DEFAULT_MAX_TOOLS
    display: bool = False
    linger_minutes: float = 0.0


def editor_source(options: ServeOptions) -> EditorSource:
    """Launch (and own) an editor only when a project is named and launching is allowed."""
    if options.project is not None and options.launch:
        return LaunchingSource(
            options.project,
            godot=options.godot,
            display=options.display,
            linger_s=options.linger_minutes * 60,
        )
    return RegistrySource(options.project)


class OwnedProcesses:
    """What this server started, stopped on every way out: the game started through ``game_start``
    and the editor it launched; then the registry files of instances that are gone go too."""

    def __init__(
        self, source: EditorSource, link: EditorLink, games: GameOwner, token: HttpToken | None = None
    ) -> None:
        """``token``: the HTTP token whose file goes too (only while it is still the one written)."""
        self._source, self._link, self._games = source, link, games
        self._token = token
        self._lock = anyio.Lock()
        self._released = False

    async def release(self) -> None:
        """Bounded, shielded and done once (a second caller waits for the first).

        An editor we launched is stopped with everything it runs (its own quit ends its game, and the
        kill reaches its whole process group); in someone else's editor we stop only our game.
        """
        with anyio.CancelScope(shield=True):
            async with self._lock:
                if self._released:
                    return
                self._released = True
                launched = self._source if isinstance(self._source, LaunchingSource) else None
                if launched is not None:
                    launched.close()  # from here on, a lost editor is never relaunched
                if launched is None or launched.process is None or launched.linger_s > 0:
                    await self._games.stop(self._link)  # our game, in an editor that stays
                self._link.close()
                if launched is not None:
                    await launched.stop()
                await self._games.stop(None)  # a game that outlived its editor
                served = self._link.instance
                prune_dead_entries(settled=[served.project_hash] if served is not None else [])
                if self._token is not None:
                    self._token.remove()


async def serve(options: ServeOptions) -> None:
    """Serve until the client leaves (stdio) or a signal arrives; stop what was started here.

    The stop signals are caught first, then the HTTP port is taken: when it is in use, nothing is
    started (``PortInUseError``), and once a client can connect a signal cleans up as usual."""
    with _stop_signals() as signals:
        listener = HttpListener.open(options.port) if options.transport == "http" else None
        if listener is not None:
            announce_token(listener.port, listener.token)
        await _serve(options, signals, listener)


async def _serve(options: ServeOptions, signals: AsyncIterator[int], listener: HttpListener | None) -> None:
    source = editor_source(options)
    policy = ToolPolicy.from_settings(options.read_only, options.allow_execute)
    # The project's tools from its last session are listed until its editor is up.
    cache = CatalogCache(options.project) if options.project is not None else None
    link = EditorLink(source, read_only=policy.read_only, cache=cache)
    runtime = RuntimeLink(lambda: link.instance, pause=follow_debugger(link))
    plugins = project_plugins(options, link)
    roster = EditorRoster(link, runtime, project=options.project)
    app = GodotMcpApp(
        link,
        policy,
        runtime=runtime,
        features=feature_options(options),
        startup=options.tools,
        max_tools=options.max_tools,
        plugins=plugins,
        instances=InstanceRouting(roster),
    )
    _log_policy(policy)
    # A signal ends the process without unwinding: the token file goes with the rest.
    owned = OwnedProcesses(source, link, app.games, listener.token if listener is not None else None)
    prune_dead_entries()
    try:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            tasks.start_soon(runtime.run)
            tasks.start_soon(roster.run)
            tasks.start_soon(_exit_on_signal, signals, owned)
            tasks.start_soon(app.follow_plugins)
            if listener is not None:
                await run_http(app, options.port, listener=listener)
            else:
                await run_stdio(app)
            tasks.cancel_scope.cancel()
    finally:
        _ignore_stop_signals()
        await owned.release()


def project_plugins(options: ServeOptions, link: EditorLink) -> ProjectPlugins:
    """The project registry with the server's own tools, and the plugins the project enables installed
    (the project named at start, else the connected editor's once there is one)."""
    tools = ProjectTools(own_namespaces=[OWN_NAMESPACE])
    add_server_tools(tools)

    def project() -> Path | None:
        instance = link.instance
        return options.project or (instance.project_path if instance is not None else None)

    plugins = ProjectPlugins(tools, project=project)
    plugins.refresh()
    return plugins


def feature_options(options: ServeOptions) -> FeatureOptions:
    """Raises ``ActionableError`` for a malformed ``GODOT_MCP_RATE_LIMIT``."""
    return FeatureOptions(
        confirm_destructive=options.confirm_destructive,
        rate_limit=rate_limit_from_env(),
        audit_file=audit_file(options.project),
        project=options.project,
    )


def _log_policy(policy: ToolPolicy) -> None:
    if policy.read_only:
        logger.info("read-only mode: only read-only tools are listed or run")
    if policy.allow_execute:
        logger.warning("--allow-execute: editor_execute and execute_code run any code the client sends")


def _ignore_stop_signals() -> None:
    """We are already stopping: a client's follow-up SIGTERM must not cut the stop short and orphan
    what we started (clients close stdin, then signal after a short grace period)."""
    if sys.platform == "win32":
        return
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, signal.SIG_IGN)


def _stop_signals() -> AbstractContextManager[AsyncIterator[int]]:
    if sys.platform == "win32":
        return contextlib.nullcontext(_no_signals())
    return anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


async def _no_signals() -> AsyncIterator[int]:
    return
    yield


async def _exit_on_signal(signals: AsyncIterator[int], owned: OwnedProcesses) -> None:
    """On SIGTERM/SIGINT/SIGHUP: stop what we started, then die of the signal as usual.

    Re-raising instead of unwinding: the SDK's stdio transport (used when stdin is not a pipe) reads
    on a worker thread that a cancellation cannot interrupt, so an orderly unwind could wait for the
    client's next line.
    """
    async for signum in signals:
        logger.info("received %s: shutting down", signal.Signals(signum).name)
        _ignore_stop_signals()
        await owned.release()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
