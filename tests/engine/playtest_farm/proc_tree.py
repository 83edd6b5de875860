"""Processes read from /proc: a process tree by parent id, each process known by its id and start
time (so a reused id is never taken for it), killed by its id."""

from __future__ import annotations

import contextlib
import os
import signal
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Proc", "descendants"]


@dataclass(frozen=True)
class Proc:
    pid: int
    started: int  # clock ticks after boot (/proc/PID/stat field 22)

    def alive(self) -> bool:
        stat = _stat(self.pid)
        return stat is not None and int(stat[19]) == self.started and stat[0] != "Z"

    def is_game(self) -> bool:
        """A game of a sweep: a Godot started with a playtest script."""
        return "--playtest" in self.cmdline()

    def cmdline(self) -> list[str]:
        with contextlib.suppress(OSError):
            return Path(f"/proc/{self.pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
        return []

    def kill(self) -> None:
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)


def descendants(root: int) -> list[Proc]:
    """``root`` and every process under it, parents before children; [] when root is gone."""
    parents: dict[int, list[int]] = {}
    started: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        stat = _stat(int(entry.name)) if entry.name.isdigit() else None
        if stat is not None:
            parents.setdefault(int(stat[1]), []).append(int(entry.name))
            started[int(entry.name)] = int(stat[19])
    if root not in started:
        return []
    found, queue = [], [root]
    while queue:
        pid = queue.pop(0)
        found.append(Proc(pid, started[pid]))
        queue += [child for child in parents.get(pid, []) if child in started]
    return found


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name: state, ppid, ... (state is [0])."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()
