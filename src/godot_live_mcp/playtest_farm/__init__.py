"""Playtest sweeps: one playtest script run over many variants (input recordings, random-input seeds,
node properties, project settings), each run a headless game of its own, many at once."""

from godot_live_mcp.playtest_farm._pool import LocalPool, default_workers
from godot_live_mcp.playtest_farm._report import SweepReport
from godot_live_mcp.playtest_farm._sweep import Axis, RandomInput, Sweep, SweepError, Variant

__all__ = [
    "Axis",
    "LocalPool",
    "RandomInput",
    "Sweep",
    "SweepError",
    "SweepReport",
    "Variant",
    "default_workers",
]
