"""Watching processes a test started end, by their state in /proc (Linux)."""

from __future__ import annotations

import time
from pathlib import Path


def is_alive(pid: int) -> bool:
    """Alive and not a zombie waiting for its reaper."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def still_alive(pids: set[int], within_s: float) -> set[int]:
    """The pids of ``pids`` still alive once they had ``within_s`` to end (a bound for a failure: the
    wait ends as soon as all are gone)."""
    deadline = time.monotonic() + within_s
    while (alive := {pid for pid in pids if is_alive(pid)}) and time.monotonic() < deadline:
        time.sleep(0.02)
    return alive
