"""Where the server's editor comes from: the registry, or an editor the server launches itself (the two
``EditorSource`` implementations the editor link asks)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import anyio

from godot_live_mcp.bridge.editor_link import EditorSource
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import EditorProcess, launch_editor
from godot_live_mcp.instances.registry import find_instance
from godot_live_mcp.instances.registry_dir import registry_dir

logger = logging.getLogger(__name__)

Launch = Callable[[Path], EditorProcess]
# Per step of the stop (clean quit, then SIGTERM): short, because an MCP client gives a server that
# lost its stdin about 4 s before it SIGKILLs it, and an unfinished stop orphans the editor.
_STOP_TIMEOUT_S = 1.5
_LOG_LINE_SHOWN = 160


class RegistrySource(EditorSource):
    """A live editor from the registry: the one of ``project``, else the only or the most recent one."""

    def __init__(self, project: Path | None = None, registry: Path | None = None) -> None:
        self.project = project
        self.registry = registry

    async def find(self) -> EditorInstance:
        instance = find_instance(self.project, self.registry)
        if instance is None:
            raise _no_editor(self.project, self.registry or registry_dir())
        return instance


class LaunchingSource(EditorSource):
    """The editor of ``project``: a live one if registered, else one this server launches and owns.

    An editor this server launched is relaunched when it dies; an editor someone else started is
    only waited for, never replaced.
    """

    def __init__(
        self,
        project: Path,
        *,
        godot: str | None = None,
        env: Mapping[str, str] | None = None,
        registry: Path | None = None,
        ready_timeout_s: float = 120.0,
        max_failed_launches: int = 3,
        launch: Launch | None = None,
        display: bool = False,
        linger_s: float = 0.0,
    ) -> None:
        self.project = project
        self.linger_s = linger_s
        self._registry = registry
        self._ready_timeout_s = ready_timeout_s
        self._max_failed_launches = max_failed_launches
        self._launch = launch or (
            lambda path: launch_editor(path, godot=godot, env=env, display=display, linger_s=linger_s)
        )
        self._process: EditorProcess | None = None
        self._failed_launches = 0
        self._foreign_seen = False
        self._closed = False
        self._waiting_since: float | None = None  # monotonic time the wait for a launched editor began

    @property
    def process(self) -> EditorProcess | None:
        """The editor this server launched, if any."""
        return self._process

    def starting(self) -> str | None:
        process, since = self._process, self._waiting_since
        if process is None or since is None:
            return None
        state = f"launched for {self.project} (pid {process.pid}, {time.monotonic() - since:.0f} s ago)"
        last = process.log_tail(1).strip()
        return f"{state}; its log: {last[:_LOG_LINE_SHOWN]}" if last else state

    async def find(self) -> EditorInstance:
        if self._closed:
            raise _stopping()
        if self._process is not None and not self._process.is_running():
            logger.warning("the editor this server launched exited with code %s", self._process.returncode)
            await self._stop_process()  # reaps it, so the registry no longer counts it as live
        registry = self._registry or registry_dir()
        launched = self._process.pid if self._process is not None else None
        live = find_instance(self.project, registry, prefer_pid=launched)
        if live is not None:
            # An editor another server left lingering is adopted: relaunched like our own if it goes.
            ours = self._process is not None and live.pid == self._process.pid
            self._foreign_seen |= not ours and not live.lingers
            return live
        if self._foreign_seen and self._process is None:
            raise _no_editor(self.project, registry)
        if self._failed_launches >= self._max_failed_launches:
            raise ToolError(
                ErrorCode.EDITOR_DISCONNECTED,
                f"Gave up launching a Godot editor for {self.project} "
                f"after {self._failed_launches} failed attempts.",
                "Run 'godot-live-mcp doctor', fix what it reports, then restart the server.",
            )
        return await self._launch_and_wait()

    async def _launch_and_wait(self) -> EditorInstance:
        if self._process is None or not self._process.is_running():
            await self._stop_process()
            if self._closed:  # stop() ran while the dead editor was reaped: launch nothing
                raise _stopping()
            logger.info("launching a Godot editor for %s", self.project)
            self._process = self._launch(self.project)
            logger.info("editor pid %d, log %s", self._process.pid, self._process.log_path)
        self._waiting_since = time.monotonic()
        try:
            instance = await self._process.wait_ready(self._ready_timeout_s)
        except ToolError:
            self._failed_launches += 1
            await self._stop_process()
            raise
        finally:
            self._waiting_since = None
        self._failed_launches = 0
        return instance

    def close(self) -> None:
        """Launch nothing more: the server is stopping (``stop`` then ends the editor launched)."""
        self._closed = True

    async def stop(self) -> None:
        """Stop the editor this server launched (bounded; safe to call more than once), or, with
        ``linger_s``, leave it running for the next session once it is ready."""
        self._closed = True
        process = self._process
        if self.linger_s > 0 and process is not None and process.is_running() and process.instance:
            self._process = None
            process.leave()
            logger.info(
                "leaving the editor (pid %d) for the next session: it quits after %.0f min without a client",
                process.pid,
                self.linger_s / 60,
            )
            return
        await self._stop_process()

    async def _stop_process(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            with anyio.CancelScope(shield=True):
                code = await anyio.to_thread.run_sync(process.stop, _STOP_TIMEOUT_S)
            logger.info("stopped the editor (pid %d, exit code %s)", process.pid, code)


def _stopping() -> ToolError:
    return ToolError(ErrorCode.EDITOR_DISCONNECTED, "The server is stopping: it launches no editor.")


def _no_editor(project: Path | None, registry: Path) -> ToolError:
    which = f"for {project}" if project is not None else "at all"
    return ToolError(
        ErrorCode.EDITOR_NOT_RUNNING,
        f"No live Godot editor {which} is registered in {registry}.",
        "Open the project in Godot with the godot_live_mcp addon enabled (the server connects on its own), "
        "or start 'godot-live-mcp serve --project PATH' without --no-launch.",
    )
