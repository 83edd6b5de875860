"""What a Ray worker runs for one run of a sweep: the game, in the project snapshot Ray unpacked as the
task's working folder, with a Godot found on that node. Imports only what a game run needs."""

from __future__ import annotations

import shutil
import socket
import tempfile
from pathlib import Path
from typing import Any

import anyio

from godot_live_mcp.godot.locator import GodotNotFound, find_godot
from godot_live_mcp.playtest_farm._game_run import GameRun, RunOutcome

__all__ = ["LOG_BYTES", "NO_GODOT_HINT", "no_godot", "play_on_worker"]

LOG_BYTES = 64 * 1024  # the end of a run's log that travels back: where its errors are
NO_GODOT_HINT = "run `godot-live-mcp godot install` on that node (in its setup commands), or set GODOT_BIN"


def play_on_worker(script: dict[str, Any], frame_limit: int | None, wall_limit_s: float) -> dict[str, Any]:
    """One game of the snapshot (the current folder) playing ``script``; what it ended with, as data.
    Its run folder lives on the worker for the run's length only: the driver keeps the copies."""
    try:
        godot = find_godot().path  # GODOT_BIN, PATH or the private install, of this node
    except GodotNotFound as error:
        return no_godot(error.message, socket.gethostname())
    folder = Path(tempfile.mkdtemp(prefix="godot-live-mcp-run-"))
    try:
        game = GameRun(godot, Path.cwd(), folder, frame_limit, wall_limit_s)
        outcome = anyio.run(game.play, script)
        log = (folder / "game.log").read_bytes()[-LOG_BYTES:].decode("utf-8", errors="replace")
        return _answer(outcome, log)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def no_godot(why: str, node: str) -> dict[str, Any]:
    """The answer of a node that has no Godot: a worker error naming the node and how to give it one."""
    tail = [f"no Godot on node {node}: {why}", f"hint: {NO_GODOT_HINT}"]
    return _answer(RunOutcome(None, None, 0.0, Path.cwd(), "worker error", tail), "")


def _answer(outcome: RunOutcome, log: str) -> dict[str, Any]:
    fields = ("exit_code", "result", "wall_s", "ended", "log_tail")
    return {name: getattr(outcome, name) for name in fields} | {"log": log}
