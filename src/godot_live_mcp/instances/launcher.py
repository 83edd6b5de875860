"""Starting a Godot editor on a project (headless, or drawing on a private display), watching it come up,
and stopping it."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import IO

import anyio
import platformdirs

from godot_live_mcp.bridge.peer_connection import request_quit
from godot_live_mcp.contract import CONTRACT, ActionableError, ErrorCode, ToolError
from godot_live_mcp.godot.display import DISPLAY_STACK_ENV, XDisplay, display_stack, start_display
from godot_live_mcp.godot.locator import GodotNotFound, find_godot
from godot_live_mcp.instances.instance import EditorInstance, Endpoint
from godot_live_mcp.instances.registry import wait_for_instance
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV, registry_dir
from godot_live_mcp.regular_files import read_regular_tail
from godot_live_mcp.sandbox import confine, tied
from godot_live_mcp.security.secret_scrubber import scrub

_LOG_TAIL_BYTES = 64 * 1024  # the last lines are all a message needs, however long the log grew

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_SIGKILL: int = getattr(signal, "SIGKILL", signal.SIGTERM)
# A live editor acknowledges _quit within milliseconds; one that does not is frozen or busy for long.
QUIT_ACK_S = 1.0
# An editor with a display draws its interface with software OpenGL; sound goes nowhere either way.
_HEADLESS_ARGS = ("--headless",)
_DISPLAY_ARGS = ("--rendering-driver", "opengl3")
# Read by the addon (instances/language_server_ports.gd) to publish the ports in the registry entry.
LSP_PORT_ENV = "GODOT_MCP_LSP_PORT"


class EditorLaunchError(ToolError):
    """The editor could not be started, or it stopped before it was ready."""

    def __init__(self, message: str, log_path: Path | None, hint: str = "") -> None:
        where = f"Read the editor log at {log_path}; " if log_path else ""
        super().__init__(
            ErrorCode.EDITOR_DISCONNECTED,
            message,
            hint or f"{where}'godot-live-mcp doctor' checks the Godot install and the addon.",
        )
        self.log_path = log_path


class EditorProcess:
    """One editor this program started, in its own process group, logging to ``log_path``; ``display``,
    when given, is the private X display it draws on, stopped after it."""

    def __init__(
        self,
        popen: subprocess.Popen[bytes],
        project: Path,
        log_path: Path,
        registry: Path,
        display: XDisplay | None = None,
        held: socket.socket | None = None,
    ) -> None:
        self._popen = popen
        self._held = held
        self.project = project
        self.log_path = log_path
        self.registry = registry
        self.display = display
        self.instance: EditorInstance | None = None

    @property
    def pid(self) -> int:
        return self._popen.pid

    @property
    def returncode(self) -> int | None:
        return self._popen.poll()

    def is_running(self) -> bool:
        return self._popen.poll() is None

    async def wait_ready(self, timeout_s: float = 60.0) -> EditorInstance:
        """Wait until the editor publishes its registry entry; fail early when the process exits."""
        deadline = time.monotonic() + timeout_s
        instance = await wait_for_instance(
            self.project, self.pid, deadline, self.registry, keep_waiting=self.is_running
        )
        if instance is not None:
            self.instance = instance
            return instance
        if not self.is_running():
            raise EditorLaunchError(
                f"The Godot editor for {self.project} exited with code {self.returncode} before it was "
                f"ready. Last lines of its log:\n{self.log_tail()}",
                self.log_path,
            )
        raise EditorLaunchError(
            f"The Godot editor for {self.project} (pid {self.pid}) did not publish its registry entry "
            f"within {timeout_s:.0f} s; is the godot_live_mcp addon enabled in the project? Last lines of "
            f"its log:\n{self.log_tail()}",
            self.log_path,
        )

    def stop(self, timeout_s: float = 10.0) -> int | None:
        """Ask the editor to quit cleanly (its plugin withdraws its registry entry and token) and give it
        twice ``timeout_s`` to exit, then SIGTERM, then SIGKILL after ``timeout_s``; anything it started
        goes with it, a game it runs included. A frozen editor never acknowledges the quit (asked for at
        most ``QUIT_ACK_S``), so it is killed after about ``QUIT_ACK_S + timeout_s``."""
        instance = self.instance
        if self.is_running() and instance is not None and _quit_cleanly(instance.endpoint, QUIT_ACK_S):
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._popen.wait(2 * timeout_s)
        if self.is_running():
            self._signal_group(signal.SIGTERM)
            try:
                self._popen.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self._signal_group(_SIGKILL)
                self._popen.wait(5.0)
        self._signal_group(_SIGKILL)  # leftovers of the group, such as a game the editor started
        if self._held is not None:
            self._held.close()
        if self.display is not None:
            self.display.stop()
        return self.returncode

    def leave(self) -> None:
        """Let the editor run on after this process (``serve --linger``): only what this process holds
        for it is given up; the editor ends itself."""
        if self._held is not None:
            self._held.close()
            self._held = None

    def log_tail(self, lines: int = 20) -> str:
        """The last ``lines`` lines of the editor's log, without colour codes, secrets redacted (the
        project's own scripts print there)."""
        try:
            text = read_regular_tail(self.log_path, cap=_LOG_TAIL_BYTES).decode("utf-8", "replace")
        except OSError as error:
            return f"(log unreadable: {error})"
        return scrub("\n".join(_ANSI.sub("", line) for line in text.splitlines()[-lines:]))

    def _signal_group(self, sig: int) -> None:
        if sys.platform == "win32":
            if self.is_running():
                self._popen.send_signal(sig)
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._popen.pid, sig)

    def __enter__(self) -> EditorProcess:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def launch_editor(
    project: Path,
    *,
    godot: str | None = None,
    env: Mapping[str, str] | None = None,
    log_path: Path | None = None,
    extra_args: Sequence[str] = (),
    display: bool = False,
    linger_s: float = 0.0,
) -> EditorProcess:
    """Start ``godot --headless --editor`` on ``project``; its output goes to ``log_path``, never to ours.

    ``env`` is laid over this process's environment (``GODOT_MCP_REGISTRY_DIR`` included), so the
    editor and this program agree on the registry. With ``display``, the editor runs with its whole
    interface on a private Xvfb display this process starts (and ``stop()`` ends), so editor screenshots
    work. Either way it learns the display stack's command, to give its games a private display on demand.
    With ``linger_s``, the editor is not tied to this process: once it is gone, the editor stays that
    long without clients for the next session, then quits by itself (``linger.gd``).
    """
    project = project.expanduser().resolve()
    try:
        binary = find_godot(godot).path
    except GodotNotFound as error:
        raise EditorLaunchError(
            f"Cannot launch an editor for {project}: {error.message}", None, error.hint
        ) from error
    full_env = {**os.environ, **(env or {})}
    registry = Path(full_env[REGISTRY_DIR_ENV]) if full_env.get(REGISTRY_DIR_ENV) else registry_dir()
    log_path = log_path or _default_log_path(project)
    stack = display_stack(binary)
    if stack is not None:
        full_env.setdefault(DISPLAY_STACK_ENV, stack)
    screen = _start_display(project, log_path) if display else None
    if screen is not None:
        full_env.update(screen.env_for(binary))
    mode = _DISPLAY_ARGS if screen is not None else _HEADLESS_ARGS
    args = [str(binary), *mode, "--editor", "--path", str(project), "--audio-driver", "Dummy"]
    ports = language_server_ports(extra_args)
    # The debug adapter authenticates no one and the debug tools do not use it: its port is held
    # (bound, never listening) for the editor's life, so the engine cannot listen there.
    held = None if "--dap-port" in extra_args else hold_port()
    if held is not None:
        ports["--dap-port"] = held.getsockname()[1]
    # The engine keeps these flags from OS.get_cmdline_args(): the addon learns the port from the env
    # (and keeps the language server closed until a tool asks for it: engine_servers.gd).
    full_env[LSP_PORT_ENV] = str(ports["--lsp-port"])
    if linger_s > 0:
        full_env[CONTRACT.linger_env] = f"{linger_s:g}"
    args += [part for flag, port in ports.items() if flag not in extra_args for part in (flag, str(port))]
    with _private_log(log_path) as log:
        try:
            # Sandboxed where the platform allows, and tied to this process: its games inherit both.
            command, full_env = confine([*args, *extra_args], project, full_env, tie=linger_s <= 0)
            popen = _spawn(command, log, full_env, project)
        except OSError as error:
            if screen is not None:
                screen.stop()
            if held is not None:
                held.close()
            raise EditorLaunchError(f"Cannot start {binary}: {error}", log_path) from error
    return EditorProcess(popen, project, log_path, registry, screen, held)


def language_server_ports(extra_args: Sequence[str]) -> dict[str, int]:
    """The ports of the editor's GDScript language server and debug adapter by flag: the caller's, else
    free ones (an editor whose default ports are taken by another listens on neither)."""
    ports: dict[str, int] = {}
    for flag in ("--lsp-port", "--dap-port"):
        given = list(extra_args).index(flag) + 1 if flag in extra_args else 0
        chosen = extra_args[given] if 0 < given < len(extra_args) else ""
        ports[flag] = int(chosen) if chosen.isdigit() else free_port()
    return ports


def hold_port() -> socket.socket:
    """A socket bound to a free port on 127.0.0.1 that never listens: while it is open, no other socket
    can listen on that port (none of it sets SO_REUSEADDR), the engine's included."""
    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    held.bind(("127.0.0.1", 0))
    return held


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start_display(project: Path, log_path: Path) -> XDisplay:
    try:
        return start_display(wrap=tied)  # gone with this process, even when it is killed
    except ActionableError as error:
        raise EditorLaunchError(
            f"Cannot give the editor for {project} a display: {error.message}", log_path, error.hint
        ) from error


def _quit_cleanly(endpoint: Endpoint, timeout_s: float) -> bool:
    """``request_quit`` from synchronous code, on a thread of its own (the caller may run an event
    loop), given up after ``timeout_s`` in all: a frozen editor accepts the connection, then never answers."""

    async def bounded_quit() -> bool:
        with anyio.move_on_after(timeout_s):
            return await request_quit(endpoint, timeout_s)
        return False

    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(anyio.run, bounded_quit).result()


def _spawn(args: list[str], log: IO[bytes], env: dict[str, str], cwd: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        args,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=cwd,
        # Its own group: a Ctrl-C in the terminal reaches us, not the editor, and stop() can
        # reach everything the editor started.
        start_new_session=sys.platform != "win32",
        creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),
    )


def _private_log(path: Path) -> IO[bytes]:
    """The editor's log opened for appending, for this user only (0600; a new folder 0700): what the
    project prints may hold secrets."""
    if not path.parent.is_dir():
        path.parent.mkdir(mode=0o700, parents=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    if sys.platform != "win32":
        os.fchmod(descriptor, 0o600)
    return os.fdopen(descriptor, "ab")


def _default_log_path(project: Path) -> Path:
    logs = platformdirs.user_log_path("godot-live-mcp", appauthor=False)
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", project.name) or "project"
    return logs / f"editor-{slug}-{time.strftime('%Y%m%d-%H%M%S')}.log"
