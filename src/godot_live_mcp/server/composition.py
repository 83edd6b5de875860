"""The composition root of ``godot-live-mcp serve``: build in order, run, tear down in reverse."""

from __future__ import annotations

import logging
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import anyio

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.instances.editor_source import EditorSource, LaunchingSource, RegistrySource
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.read_only import ReadOnlyPolicy
from godot_live_mcp.server.transports import run_http, run_stdio

logger = logging.getLogger(__name__)

Transport = Literal["stdio", "http"]


@dataclass(frozen=True)
class ServeOptions:
    project: Path | None = None
    transport: Transport = "stdio"
    port: int = 8765
    read_only: bool = False
    launch: bool = True
    godot: str | None = None


def editor_source(options: ServeOptions) -> EditorSource:
    """Launch (and own) an editor only when a project is named and launching is allowed."""
    if options.project is not None and options.launch:
        return LaunchingSource(options.project, godot=options.godot)
    return RegistrySource(options.project)


async def serve(options: ServeOptions) -> None:
    """Serve until the client leaves (stdio) or a signal arrives; stop any editor launched here."""
    source = editor_source(options)
    link = EditorLink(source)
    runtime = RuntimeLink(lambda: link.instance)
    app = GodotMcpApp(link, ReadOnlyPolicy.from_settings(options.read_only), runtime=runtime)
    if app.policy.enabled:
        logger.info("read-only mode: only read-only tools are listed or run")
    try:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            tasks.start_soon(runtime.run)
            tasks.start_soon(_exit_on_signal, source)
            if options.transport == "http":
                await run_http(app, options.port)
            else:
                await run_stdio(app)
            tasks.cancel_scope.cancel()
    finally:
        _ignore_stop_signals()
        await _stop_launched(source)


async def _stop_launched(source: EditorSource) -> None:
    if isinstance(source, LaunchingSource):
        await source.stop()


def _ignore_stop_signals() -> None:
    """We are already stopping: a client's follow-up SIGTERM must not cut the editor's clean stop
    short and orphan it (clients close stdin, then signal after a short grace period)."""
    if sys.platform == "win32":
        return
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, signal.SIG_IGN)


async def _exit_on_signal(source: EditorSource) -> None:
    """On SIGTERM/SIGINT/SIGHUP: stop the launched editor, then die of the signal as usual.

    Re-raising instead of unwinding: the stdio transport reads stdin on a worker thread that a
    cancellation cannot interrupt, so an orderly unwind could wait for the client's next line.
    """
    if sys.platform == "win32":
        return
    with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT, signal.SIGHUP) as signals:
        async for signum in signals:
            logger.info("received %s: shutting down", signal.Signals(signum).name)
            await _stop_launched(source)
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
