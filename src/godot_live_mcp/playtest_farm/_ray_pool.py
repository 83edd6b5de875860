"""The Ray backend: a sweep's runs as Ray tasks on a cluster, the same interface as the local pool.
The imported project travels as a content-addressed snapshot (the tasks' ``working_dir``) and this
package as a ``py_modules`` entry; results stream back as runs finish (docs/adr/0007)."""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio

import godot_live_mcp
from godot_live_mcp.playtest_farm._game_run import RunOutcome
from godot_live_mcp.playtest_farm._pool import OnFinished, RunRecord
from godot_live_mcp.playtest_farm._ray_task import play_on_worker
from godot_live_mcp.playtest_farm._snapshot import ProjectSnapshot
from godot_live_mcp.playtest_farm._sweep import Run, SweepError, Variant

__all__ = ["RAY_INSTALL_HINT", "RETRIES", "RayMissingError", "RayPool", "import_ray", "lost_outcome"]

RAY_INSTALL_HINT = 'pip install "godot-live-mcp[ray]"'

RETRIES = 1  # a run whose worker or node was lost runs once more, then is reported as lost
_WAIT_S = 0.5  # the longest one wait for a finished run blocks: a cancelled sweep stops within it
_TAIL_LINES = 8


class RayMissingError(SweepError):
    """A sweep meant for Ray where Ray is not installed."""


def import_ray() -> ModuleType:
    """The ``ray`` module (an optional extra, imported when a sweep runs there), or RayMissingError."""
    try:
        return importlib.import_module("ray")
    except ImportError as error:
        raise RayMissingError(f"Ray is not installed ({error}); install it: {RAY_INSTALL_HINT}") from None


@dataclass(frozen=True)
class RayPool:
    """Runs on the Ray cluster at ``address`` (None: ``RAY_ADDRESS``, else a Ray started here)."""

    project: Path
    folder: Path
    address: str | None = None
    wall_limit_s: float = 120.0
    frame_limit: int | None = None

    async def run(self, runs: list[Run], on_finished: OnFinished | None = None) -> list[RunRecord]:
        """Each run, in variant order; ``on_finished(record, done, total)`` as each ends. Cancelled, it
        cancels every task, which ends their workers and so their games."""
        ray = import_ray()
        self.folder.mkdir(parents=True, exist_ok=True)
        # Ray's driver prints the cluster's messages (a task retried...) to stdout, which belongs to the
        # caller (the --json answer, the stdio MCP channel): they go to stderr while it is connected.
        with contextlib.redirect_stdout(sys.stderr):
            with tempfile.TemporaryDirectory(prefix="snapshot-", dir=self.folder) as staged:
                snapshot = ProjectSnapshot.stage(self.project, Path(staged) / "project", self.folder)
                self._connect(ray, snapshot)  # in this thread: Ray sets its signal handlers in the main one
            print(f"Ray: the project shipped as {snapshot.summary()}", file=sys.stderr)
            try:
                return await self._stream(ray, runs, on_finished)
            finally:
                ray.shutdown()

    def _connect(self, ray: ModuleType, snapshot: ProjectSnapshot) -> None:
        # Ray hashes the folder, uploads it once to the cluster's store and unpacks it once a node.
        runtime_env = {
            "working_dir": str(snapshot.folder),
            "py_modules": [str(Path(godot_live_mcp.__file__).parent)],
            "excludes": ["__pycache__"],
        }
        ray.init(address=self.address, runtime_env=runtime_env, log_to_driver=False, logging_level="warning")

    async def _stream(
        self, ray: ModuleType, runs: list[Run], on_finished: OnFinished | None
    ) -> list[RunRecord]:
        task = ray.remote(play_on_worker).options(
            num_cpus=1, max_retries=RETRIES, retry_exceptions=False, scheduling_strategy="SPREAD"
        )
        pending: dict[Any, Variant] = {}
        for variant, script in runs:
            folder = variant.folder_in(self.folder)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "script.json").write_text(json.dumps(script, indent=1), "utf-8")  # to replay it
            pending[task.remote(script, self.frame_limit, self.wall_limit_s)] = variant
        records: dict[int, RunRecord] = {}
        try:
            while pending:
                done = await anyio.to_thread.run_sync(_finished, ray, list(pending))
                for ref in done:
                    variant = pending.pop(ref)
                    records[variant.index] = RunRecord(variant, self._outcome(ray, ref, variant))
                    if on_finished is not None:
                        await on_finished(records[variant.index], len(records), len(runs))
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
        return [records[variant.index] for variant, _ in runs]

    def _outcome(self, ray: ModuleType, ref: Any, variant: Variant) -> RunOutcome:
        folder = variant.folder_in(self.folder)
        try:
            ended: dict[str, Any] = ray.get(ref)
        except ray.exceptions.RayTaskError as error:  # the task's own code failed: no Godot there...
            return RunOutcome(None, None, 0.0, folder, "worker error", str(error).splitlines()[-_TAIL_LINES:])
        except ray.exceptions.RayError as error:  # its worker or node died, twice
            return lost_outcome(folder, error)
        (folder / "game.log").write_text(ended["log"], "utf-8")
        if ended["result"] is not None:
            (folder / "result.json").write_text(json.dumps(ended["result"], indent=1), "utf-8")
        return RunOutcome(
            ended["exit_code"], ended["result"], ended["wall_s"], folder, ended["ended"], ended["log_tail"]
        )


def lost_outcome(folder: Path, error: BaseException) -> RunOutcome:
    """A run whose worker was lost on every try: no exit code, no result, why in its last lines."""
    reason = f"lost after {RETRIES + 1} tries: {type(error).__name__}: {error}"
    return RunOutcome(None, None, 0.0, folder, "lost", reason.splitlines()[:_TAIL_LINES])


def _finished(ray: ModuleType, refs: list[Any]) -> list[Any]:
    """The runs finished now: back as soon as one is, with the others done by then; none after _WAIT_S."""
    done: list[Any] = ray.wait(refs, num_returns=1, timeout=_WAIT_S)[0]
    if done and len(refs) > 1:
        done = ray.wait(refs, num_returns=len(refs), timeout=0)[0]
    return done
