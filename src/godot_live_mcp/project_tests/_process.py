"""One headless Godot run in a subprocess: its output read line by line and reported as progress,
bounded by a deadline, killed when the call is cancelled or runs out of time."""

from __future__ import annotations

import os
import subprocess
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import anyio
from anyio.abc import Process
from anyio.streams.text import TextReceiveStream

from godot_live_mcp.bridge.queue_events import ProgressEvent, ProgressListener
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.sandbox import confine
from godot_live_mcp.security.secret_scrubber import scrub

__all__ = ["GodotRun", "run_godot"]

_KEPT_LINES = 40
_PROGRESS_EVERY_S = 0.5


@dataclass(frozen=True)
class GodotRun:
    """A finished run: its exit code, every output line (stdout and stderr merged) and its duration."""

    returncode: int
    lines: tuple[str, ...]
    seconds: float

    def tail(self, count: int = 12) -> str:
        """The last ``count`` non-empty lines, for an error message; the output is scrubbed whole before it
        is cut, so a private key whose first line is cut off is still redacted."""
        return "\n".join([line for line in scrub("\n".join(self.lines)).split("\n") if line.strip()][-count:])


async def run_godot(
    command: Sequence[str],
    *,
    cwd: Path,
    timeout_s: float,
    what: str,
    env: Mapping[str, str] | None = None,
    project: Path | None = None,
    on_progress: ProgressListener | None = None,
) -> GodotRun:
    """Run ``command`` to its end, in the sandbox and tied to this process (it dies with the server);
    each output line becomes the message of a report to ``on_progress`` (at most twice a second).
    Raises ``TIMEOUT`` after ``timeout_s`` (the process is killed either way). The process is marked a
    helper: an editor it loads serves no tools and never registers as a live editor."""
    started = time.monotonic()
    lines: list[str] = []
    helper_env = {**(os.environ if env is None else env), CONTRACT.helper_env: "1"}
    # The sandbox's project (and so the user:// folder it allows): cwd unless named (an export's build).
    confined, full_env = confine(command, project or cwd, helper_env)
    try:
        with anyio.fail_after(timeout_s):
            process = await anyio.open_process(confined, cwd=cwd, env=full_env, stderr=subprocess.STDOUT)
            try:
                await _follow(process, lines, what, on_progress)
                returncode = await process.wait()
            finally:
                await _stop(process)
    except TimeoutError:
        raise ToolError(
            ErrorCode.TIMEOUT,
            f"{what} did not finish within {timeout_s:.0f} s. Last output:\n"
            + GodotRun(-1, tuple(lines), 0.0).tail(8),
            "Pass a larger timeout_s, or run fewer tests (path).",
        ) from None
    return GodotRun(returncode, tuple(lines), time.monotonic() - started)


async def _follow(process: Process, lines: list[str], what: str, listener: ProgressListener | None) -> None:
    last_report = 0.0
    pending = ""
    recent: deque[str] = deque(maxlen=_KEPT_LINES)
    assert process.stdout is not None  # opened with a pipe
    async for chunk in TextReceiveStream(process.stdout, errors="replace"):
        pending += chunk
        *complete, pending = pending.split("\n")
        for line in complete:
            lines.append(line.rstrip("\r"))
            recent.append(line)
        now = time.monotonic()
        if listener is not None and complete and now - last_report >= _PROGRESS_EVERY_S:
            last_report = now
            window = scrub("\n".join(recent)).split("\n")  # whole, before a line is picked out of it
            message = next((line.strip() for line in reversed(window) if line.strip()), "")
            await listener(ProgressEvent(len(lines), None, f"{what}: {message[:160]}"))
    if pending:
        lines.append(pending)


async def _stop(process: Process) -> None:
    """Kill a process still running (a cancelled or timed-out call) and reap it."""
    with anyio.CancelScope(shield=True):
        if process.returncode is None:
            process.kill()
        await process.wait()
