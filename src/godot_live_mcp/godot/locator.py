"""Finding the Godot binary to run, in a fixed order, and asking it for its version."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from godot_live_mcp.contract import SetupError
from godot_live_mcp.godot._prefix import default_prefix, prefix_binary, read_manifest

__all__ = ["GODOT_BIN_ENV", "GodotBinary", "GodotNotFound", "find_godot", "godot_version"]

GODOT_BIN_ENV = "GODOT_BIN"
_PATH_NAMES = ("godot4", "godot")
_INSTALL_HINT = "run `godot-live-mcp godot install`, or pass --godot PATH, or set GODOT_BIN"

GodotSource = Literal["option", "env", "path", "private"]


class GodotNotFound(SetupError):  # noqa: N818 - the name other modules agreed on
    """No usable Godot binary was found."""


@dataclass(frozen=True)
class GodotBinary:
    """A Godot executable and where it was found."""

    path: Path
    source: GodotSource

    def describe(self) -> str:
        return {
            "option": "the --godot option",
            "env": f"the {GODOT_BIN_ENV} environment variable",
            "path": "PATH",
            "private": "the private install of `godot-live-mcp godot install`",
        }[self.source]


def find_godot(explicit: str | None = None) -> GodotBinary:
    """The Godot to use: ``explicit`` (--godot), GODOT_BIN, godot4/godot on PATH, the private install.

    An explicit choice that is not an executable is an error, never silently replaced by the next one.
    """
    if explicit:
        return GodotBinary(_executable(explicit, "--godot"), "option")
    from_env = os.environ.get(GODOT_BIN_ENV, "").strip()
    if from_env:
        return GodotBinary(_executable(from_env, GODOT_BIN_ENV), "env")
    for name in _PATH_NAMES:
        found = shutil.which(name)
        if found:
            return GodotBinary(Path(found), "path")
    private = _private_binary()
    if private is not None:
        return GodotBinary(private, "private")
    raise GodotNotFound(
        f"no Godot binary found (tried {GODOT_BIN_ENV}, godot4 and godot on PATH, and {default_prefix()})",
        _INSTALL_HINT,
    )


def godot_version(binary: Path, *, timeout: float = 30.0) -> str:
    """What ``binary --version`` prints (``4.6.3.stable.debian...``); GodotNotFound if it does not answer."""
    try:
        done = subprocess.run(
            [str(binary), "--version"], capture_output=True, text=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise GodotNotFound(f"{binary} --version did not answer: {error}", _INSTALL_HINT) from error
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    if done.returncode != 0 or not lines:
        detail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise GodotNotFound(f"{binary} --version failed (exit {done.returncode}): {detail}", _INSTALL_HINT)
    return lines[-1]


def _executable(candidate: str, origin: str) -> Path:
    path = Path(candidate).expanduser()
    if path.is_file() and os.access(path, os.X_OK):
        return path.absolute()
    found = shutil.which(candidate)
    if found:
        return Path(found)
    raise GodotNotFound(f"{origin} names {candidate!r}, which is not an executable file", _INSTALL_HINT)


def _private_binary() -> Path | None:
    prefix = default_prefix()
    binary = prefix_binary(prefix)
    if read_manifest(prefix) is None or not os.access(binary, os.X_OK):
        return None
    return binary
