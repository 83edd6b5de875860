"""Playtest sweeps: one playtest script run over many variants (input recordings, random-input seeds,
node properties, project settings), each run a headless game of its own, many at once; the first
failing runs replayed on a display for a screenshot of the failure."""

from godot_live_mcp.playtest_farm._cluster import CLUSTERS, RayMissingError, SweepPool, cluster_for, pool_for
from godot_live_mcp.playtest_farm._failure_shots import SHOT_LIMIT, shoot_failures
from godot_live_mcp.playtest_farm._pool import LocalPool, RunRecord, default_workers
from godot_live_mcp.playtest_farm._random_input import RandomInput
from godot_live_mcp.playtest_farm._report import SweepReport
from godot_live_mcp.playtest_farm._sweep import Axis, Sweep, SweepError, Variant

__all__ = [
    "CLUSTERS",
    "SHOT_LIMIT",
    "Axis",
    "LocalPool",
    "RandomInput",
    "RayMissingError",
    "RunRecord",
    "Sweep",
    "SweepError",
    "SweepPool",
    "SweepReport",
    "Variant",
    "cluster_for",
    "default_workers",
    "pool_for",
    "shoot_failures",
]
