"""Where a sweep runs: the local pool, or a Ray cluster (``--cluster ray``, or ``RAY_ADDRESS`` set);
and Ray itself, imported only when a sweep runs there (an optional extra)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from godot_live_mcp.playtest_farm._pool import LocalPool, OnFinished, RunRecord
from godot_live_mcp.playtest_farm._ray_pool import RAY_INSTALL_HINT, RayMissingError, RayPool, import_ray
from godot_live_mcp.playtest_farm._sweep import Run, SweepError

__all__ = [
    "CLUSTERS",
    "RAY_ADDRESS_ENV",
    "RAY_INSTALL_HINT",
    "RayMissingError",
    "SweepPool",
    "cluster_for",
    "pool_for",
]

CLUSTERS = ("local", "ray")
RAY_ADDRESS_ENV = "RAY_ADDRESS"


def cluster_for(asked: str | None, env: Mapping[str, str]) -> str:
    """``asked`` when given (``local`` forces the local pool), else ``ray`` when ``RAY_ADDRESS`` names
    a cluster, else ``local``."""
    if asked is not None:
        if asked not in CLUSTERS:
            raise SweepError(f"cluster: '{asked}' is not one of {', '.join(CLUSTERS)}.")
        return asked
    return "ray" if env.get(RAY_ADDRESS_ENV, "").strip() else "local"


class SweepPool(Protocol):
    """Where a sweep's runs are played: each run's record in variant order, progress as each ends."""

    async def run(self, runs: list[Run], on_finished: OnFinished | None = None) -> list[RunRecord]: ...


def pool_for(
    cluster: str, godot: Path, project: Path, folder: Path, workers: int, wall_limit_s: float,
    frame_limit: int | None = None,
) -> SweepPool:  # fmt: skip
    """The local pool of ``workers`` games, or the Ray cluster (whose nodes find their own Godot);
    RayMissingError before any game when Ray is asked for and not installed."""
    if cluster == "local":
        return LocalPool(godot, project, folder, workers, wall_limit_s, frame_limit)
    import_ray()
    return RayPool(project, folder, None, wall_limit_s, frame_limit)
