"""The sandbox every Godot process the server starts runs in (Linux Landlock: folders and TCP ports),
and the tie that ends such a process when the server ends, however it ends."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from godot_live_mcp.sandbox._landlock import abi_version
from godot_live_mcp.sandbox._policy import SandboxPolicy, build_policy, user_data_folder

__all__ = [
    "NO_SANDBOX_ENV",
    "PARENT_PID_ENV",
    "SANDBOX_ENV",
    "SandboxPolicy",
    "abi_version",
    "confine",
    "sandbox_state",
    "tied",
    "user_data_folder",
]

# What the process learns about its sandbox ("landlock", or "off: <why>"); game_start reports it.
SANDBOX_ENV = "GODOT_LIVE_MCP_SANDBOX"
# Set (to the reason) by `serve --no-sandbox` or `sandbox = false` in config.toml: run unconfined.
NO_SANDBOX_ENV = "GODOT_LIVE_MCP_NO_SANDBOX"
# The process the launched editor (and the game, of the editor) watches, and quits when it is gone.
PARENT_PID_ENV = "GODOT_LIVE_MCP_PARENT_PID"
# Landlock ABI 4 (Linux 6.7) is the first with TCP rules; without them there is no network boundary.
_NEEDED_ABI = 4


def sandbox_state(env: Mapping[str, str] | None = None) -> str:
    """``"landlock"`` when processes started now are confined, else ``"off: <why>"``."""
    env = os.environ if env is None else env
    if env.get(NO_SANDBOX_ENV, "").strip():
        return f"off: {env[NO_SANDBOX_ENV].strip()}"
    if not sys.platform.startswith("linux"):
        return f"off: no sandbox on {sys.platform} yet"
    abi = abi_version()
    if abi < _NEEDED_ABI:
        return f"off: the kernel has Landlock ABI {abi}, the sandbox needs 4 (Linux 6.7)"
    return "landlock"


def confine(
    command: Sequence[str], project: Path, env: Mapping[str, str], *, tie: bool = True
) -> tuple[list[str], dict[str, str]]:
    """``command`` (a Godot binary and its arguments, run on ``project`` with ``env``) as a command that
    runs it in the sandbox when the sandbox is on, and dies with this process either way (unless not
    ``tie``: an editor left for the next session, which ends itself); and its env."""
    full_env = {**env, PARENT_PID_ENV: str(os.getpid())}
    state = sandbox_state(full_env)
    if sys.platform == "win32":
        return list(command), {**full_env, SANDBOX_ENV: state}
    policy = "-"
    if state == "landlock":
        confined = build_policy(Path(command[0]), project, full_env)
        full_env["TMPDIR"] = confined.temp
        policy = confined.to_json()
    else:
        full_env[SANDBOX_ENV] = state
    return _entry(policy, command, tie=tie), full_env


def tied(command: Sequence[str]) -> list[str]:
    """``command`` as a command that runs unconfined but dies with this process, however this one ends
    (a SIGKILL included): for helpers of the server's own, such as the Xvfb of ``serve --display``."""
    if sys.platform == "win32":
        return list(command)
    return _entry("-", command)


def _entry(policy: str, command: Sequence[str], *, tie: bool = True) -> list[str]:
    """The wrapper (``python -m godot_live_mcp.sandbox``) that ties ``command`` to this process (parent
    ``0``: to none), applies ``policy`` (``-``: none), then becomes ``command``."""
    parent = str(os.getpid()) if tie else "0"
    return [sys.executable, "-I", "-m", "godot_live_mcp.sandbox", parent, policy, "--", *command]
