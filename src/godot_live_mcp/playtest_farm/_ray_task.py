"""What a Ray worker runs for one run of a sweep: the game, in the project snapshot Ray unpacked as the
task's working folder, with a Godot found on that node. Imports only what a game run needs."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import anyio

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.playtest_farm._game_run import GameRun

__all__ = ["LOG_BYTES", "play_on_worker"]

LOG_BYTES = 64 * 1024  # the end of a run's log that travels back: where its errors are


def play_on_worker(script: dict[str, Any], frame_limit: int | None, wall_limit_s: float) -> dict[str, Any]:
    """One game of the snapshot (the current folder) playing ``script``; what it ended with, as data.
    Its run folder lives on the worker for the run's length only: the driver keeps the copies."""
    godot = find_godot().path  # GODOT_BIN, PATH or the private install, of this node
    folder = Path(tempfile.mkdtemp(prefix="godot-live-mcp-run-"))
    try:
        game = GameRun(godot, Path.cwd(), folder, frame_limit, wall_limit_s)
        outcome = anyio.run(game.play, script)
        log = (folder / "game.log").read_bytes()[-LOG_BYTES:].decode("utf-8", errors="replace")
        return {
            "exit_code": outcome.exit_code,
            "result": outcome.result,
            "wall_s": outcome.wall_s,
            "ended": outcome.ended,
            "log_tail": outcome.log_tail,
            "log": log,
        }
    finally:
        shutil.rmtree(folder, ignore_errors=True)
