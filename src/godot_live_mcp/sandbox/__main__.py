"""``python -m godot_live_mcp.sandbox PARENT_PID POLICY -- PROGRAM ARGS...``: tie this process to its
parent (killed when the parent ends; ``0``: no tie), apply the policy (``-``: none), then become PROGRAM."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from pathlib import Path

from godot_live_mcp.sandbox import SANDBOX_ENV
from godot_live_mcp.sandbox._landlock import READ, WRITE, restrict_self
from godot_live_mcp.sandbox._policy import SandboxPolicy
from godot_live_mcp.sandbox._seccomp import deny_datagrams

_PR_SET_PDEATHSIG = 1


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        print(
            "usage: python -m godot_live_mcp.sandbox PARENT_PID POLICY|- -- PROGRAM [ARGS...]",
            file=sys.stderr,
        )
        return 2
    parent, policy, command = int(argv[0]), argv[1], argv[3:]
    if parent != 0:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:
            return 1  # the parent ended before the tie was made
    if policy != "-":
        confined = SandboxPolicy.from_json(policy)
        paths = [(Path(path), READ) for path in confined.read] + [
            (Path(path), WRITE) for path in confined.write
        ]
        try:
            restrict_self(paths, confined.tcp_ports)
            deny_datagrams()  # Landlock has no UDP rules
        except OSError as error:
            print(
                f"godot-live-mcp: cannot enter the sandbox ({error}); not starting {command[0]}",
                file=sys.stderr,
            )
            return 126
        os.environ[SANDBOX_ENV] = "landlock"
    os.execvp(command[0], command)
    return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
