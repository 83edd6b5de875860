"""A private X display (Xvfb) on which Godot renders for real without a GPU, and the environment it needs.

Xvfb comes from the private install (``godot-live-mcp godot install --with-display``) or from PATH. A Godot
of that install also gets the prefix's Mesa: software OpenGL (llvmpipe) and Vulkan (lavapipe).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO

from godot_live_mcp.contract import SetupError
from godot_live_mcp.godot._elf_patch import LIB_DIR, XVFB_BINARY
from godot_live_mcp.godot._prefix import MANIFEST_NAME, default_prefix

__all__ = [
    "DISPLAY_PACKAGES",
    "DISPLAY_STACK_ENV",
    "DisplayError",
    "XDisplay",
    "display_stack",
    "find_xvfb",
    "rendering_env",
    "start_display",
]

# Debian packages of the display stack, installed with their closure next to Godot.
DISPLAY_PACKAGES = (
    *("libgl1", "libglx-mesa0", "libegl1", "libegl-mesa0", "libgl1-mesa-dri"),
    *("libvulkan1", "mesa-vulkan-drivers", "xvfb"),
)
DEFAULT_SCREEN = "1280x720x24"
_DRI_DIR = LIB_DIR / "dri"
_EGL_VENDORS = Path("usr/share/glvnd/egl_vendor.d")
_LAVAPIPE_ICD = Path("usr/share/vulkan/icd.d/lvp_icd.json")
_XKB_DIR = Path("usr/share/X11/xkb")
_INSTALL_HINT = "run `godot-live-mcp godot install --with-display` (or install Debian's xvfb package)"
# Where a launched editor finds the command of the display stack, for the private screens its addon
# starts for games (commands/playtest/game_display.gd reads it).
DISPLAY_STACK_ENV = "GODOT_LIVE_MCP_DISPLAY_STACK"


class DisplayError(SetupError):
    """No X display could be started."""


class XDisplay:
    """A running Xvfb this program started; ``stop()`` (or leaving the ``with`` block) ends it."""

    def __init__(self, number: int, process: subprocess.Popen[bytes], log: IO[bytes]) -> None:
        self.number = number
        self.process = process
        self._log = log

    @property
    def name(self) -> str:
        return f":{self.number}"

    def env_for(self, godot: Path) -> dict[str, str]:
        """What ``godot`` needs in its environment to render on this display."""
        return {"DISPLAY": self.name, **rendering_env(godot)}

    def is_running(self) -> bool:
        return self.process.poll() is None

    def log_tail(self, lines: int = 15) -> str:
        """The last ``lines`` lines Xvfb wrote (nothing once stopped: its log goes with it)."""
        if self._log.closed:
            return ""
        self._log.seek(0)
        return "\n".join(self._log.read().decode("utf-8", "replace").strip().splitlines()[-lines:])

    def stop(self, timeout_s: float = 5.0) -> None:
        """SIGTERM (Xvfb then removes its socket and lock file), SIGKILL after ``timeout_s``."""
        if self.is_running():
            self.process.terminate()
            try:
                self.process.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout_s)
        self._log.close()

    def __enter__(self) -> XDisplay:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


def find_xvfb(prefix: Path | None = None) -> Path:
    """The private install's Xvfb when it has one, else ``Xvfb`` on PATH."""
    private = (prefix or default_prefix()) / XVFB_BINARY
    if os.access(private, os.X_OK):
        return private
    found = shutil.which("Xvfb")
    if found:
        return Path(found)
    raise DisplayError(f"no Xvfb found (tried {private} and PATH)", _INSTALL_HINT)


def rendering_env(godot: Path) -> dict[str, str]:
    """The prefix's Mesa folders for a Godot of a private install with the display stack, else ``{}``.

    glvnd, EGL and the Vulkan loader look for drivers in system folders; these point them at the prefix.
    """
    prefix = _private_prefix(godot.resolve())
    if prefix is None or not (prefix / _DRI_DIR).is_dir():
        return {}
    return {
        "LIBGL_DRIVERS_PATH": str(prefix / _DRI_DIR),
        "__EGL_VENDOR_LIBRARY_DIRS": str(prefix / _EGL_VENDORS),
        "VK_DRIVER_FILES": str(prefix / _LAVAPIPE_ICD),
    }


def display_stack(godot: Path, prefix: Path | None = None, screen: str = DEFAULT_SCREEN) -> str | None:
    """JSON for ``DISPLAY_STACK_ENV``: the Xvfb command without a display number (``server``, run through
    ``env`` with the variables it needs) and the variables a game of ``godot`` needs on it (``env``);
    None when there is no Xvfb. The server resets, and so can end itself, when its last client leaves."""
    prefix = prefix or default_prefix()
    try:
        xvfb = find_xvfb(prefix)
    except DisplayError:
        return None
    home = prefix if xvfb == prefix / XVFB_BINARY else None
    server_env = _server_env(home, {"PATH": os.environ.get("PATH", "")}) if home is not None else {}
    launcher = shutil.which("env") or "/usr/bin/env"
    server = [launcher, *(f"{name}={value}" for name, value in server_env.items()), str(xvfb)]
    args = [arg for arg in _server_args(home, screen) if arg != "-noreset"]
    return json.dumps({"server": [*server, *args], "env": rendering_env(godot)})


def start_display(
    *,
    prefix: Path | None = None,
    screen: str = DEFAULT_SCREEN,
    timeout_s: float = 10.0,
    wrap: Callable[[Sequence[str]], list[str]] = list,
) -> XDisplay:
    """Start Xvfb on the first free display number and return once it accepts connections.

    Xvfb picks the number itself and reports it on a pipe when ready (``-displayfd``), so two
    callers never race for one number. ``wrap`` turns Xvfb's command into the one run (the server
    ties it to itself, so a killed server leaves no display behind). Raises DisplayError (with Xvfb's
    own words) on failure.
    """
    prefix = prefix or default_prefix()
    xvfb = find_xvfb(prefix)
    read_end, write_end = os.pipe()
    try:
        home = prefix if xvfb == prefix / XVFB_BINARY else None
        display = _spawn(
            wrap([str(xvfb), "-displayfd", str(write_end), *_server_args(home, screen)]), home, write_end
        )
    finally:
        os.close(write_end)  # the child has its copy; ours would keep the pipe open after it dies
    try:
        display.number = _wait_for_number(read_end, display, timeout_s)
    except BaseException:
        display.stop()
        raise
    finally:
        os.close(read_end)
    return display


def _spawn(command: list[str], home: Path | None, ready_fd: int) -> XDisplay:
    log = tempfile.TemporaryFile(prefix="xvfb-")  # noqa: SIM115 - lives as long as the display
    try:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=_server_env(home, os.environ),
            pass_fds=(ready_fd,),
            start_new_session=True,
        )
    except OSError as error:
        log.close()
        raise DisplayError(f"cannot start {command[0]}: {error}", _INSTALL_HINT) from error
    return XDisplay(0, process, log)


def _server_args(home: Path | None, screen: str) -> list[str]:
    """Fonts from the server's own built-ins; keymaps from the prefix when Xvfb is the prefix's."""
    args = ["-screen", "0", screen, "-nolisten", "tcp", "-noreset", "-fp", "built-ins"]
    if home is not None:
        args += ["-xkbdir", str(home / _XKB_DIR)]
    return args


def _server_env(home: Path | None, base: Mapping[str, str]) -> dict[str, str]:
    """The prefix's Xvfb finds the prefix's xkbcomp on PATH and its software GL driver (for GLX)."""
    env = dict(base)
    if home is not None:
        env["PATH"] = os.pathsep.join(part for part in (str(home / "usr/bin"), base.get("PATH", "")) if part)
        env["LIBGL_DRIVERS_PATH"] = str(home / _DRI_DIR)
    return env


def _private_prefix(binary: Path) -> Path | None:
    """The private install ``binary`` (``PREFIX/usr/bin/NAME``) belongs to, or None."""
    if len(binary.parents) < 3:
        return None
    prefix = binary.parents[2]
    return prefix if (prefix / MANIFEST_NAME).is_file() else None


def _wait_for_number(read_end: int, display: XDisplay, timeout_s: float) -> int:
    deadline = time.monotonic() + timeout_s
    received = b""
    while not received.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise DisplayError(
                f"Xvfb did not get ready within {timeout_s:.0f} s:\n{display.log_tail()}", _INSTALL_HINT
            )
        ready, _, _ = select.select([read_end], [], [], min(remaining, 0.5))
        chunk = os.read(read_end, 64) if ready else b""
        if ready and not chunk:
            raise DisplayError(
                f"Xvfb stopped before it was ready (exit {_exit_code(display)}):\n{display.log_tail()}",
                _INSTALL_HINT,
            )
        received += chunk
    return int(received.strip())


def _exit_code(display: XDisplay) -> int | None:
    try:
        return display.process.wait(1.0)
    except subprocess.TimeoutExpired:
        return None
