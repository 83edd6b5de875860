"""Where a sweep runs (the local pool unless Ray is asked for or RAY_ADDRESS names a cluster), what a
missing Ray answers, and how a run the cluster lost or could not start is reported."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import ray.exceptions

from godot_live_mcp.playtest_farm import (
    RayMissingError,
    RunRecord,
    SweepError,
    SweepReport,
    Variant,
    cluster_for,
    pool_for,
)
from godot_live_mcp.playtest_farm._pool import LocalPool
from godot_live_mcp.playtest_farm._ray_pool import RayPool, _finished
from godot_live_mcp.playtest_farm._ray_task import play_on_worker


@pytest.mark.parametrize(
    ("asked", "env", "chosen"),
    [
        (None, {}, "local"),
        (None, {"RAY_ADDRESS": " "}, "local"),
        (None, {"RAY_ADDRESS": "10.0.0.5:6379"}, "ray"),
        ("local", {"RAY_ADDRESS": "10.0.0.5:6379"}, "local"),  # --cluster local forces this machine
        ("ray", {}, "ray"),
    ],
)
def test_the_cluster_is_the_one_asked_for_else_ray_when_ray_address_is_set(
    asked: str | None, env: dict[str, str], chosen: str
) -> None:
    assert cluster_for(asked, env) == chosen


def test_an_unknown_cluster_is_refused() -> None:
    with pytest.raises(SweepError, match="'slurm' is not one of local, ray"):
        cluster_for("slurm", {})


def test_each_cluster_has_its_pool(tmp_path: Path) -> None:
    assert isinstance(pool_for("local", Path("godot"), tmp_path, tmp_path, 2, 60), LocalPool)
    assert isinstance(pool_for("ray", Path("godot"), tmp_path, tmp_path, 2, 60), RayPool)


def test_ray_asked_for_without_ray_installed_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(RayMissingError, match=r'pip install "godot-live-mcp\[ray\]"'):
        pool_for("ray", Path("godot"), tmp_path, tmp_path, 2, 60)


def fake_ray(answer: Any) -> SimpleNamespace:
    def get(_ref: object) -> Any:
        if isinstance(answer, BaseException):
            raise answer
        return answer

    return SimpleNamespace(get=get, exceptions=ray.exceptions)


def outcome_of(tmp_path: Path, answer: Any) -> RunRecord:
    variant = Variant(3, {"seed": 4})
    (tmp_path / "run-0003").mkdir()
    pool = RayPool(tmp_path, tmp_path)
    return RunRecord(variant, pool._outcome(fake_ray(answer), object(), variant))  # type: ignore[arg-type]


def test_a_run_whose_worker_was_lost_twice_is_reported_as_lost(tmp_path: Path) -> None:
    record = outcome_of(tmp_path, ray.exceptions.NodeDiedError("node 1a2b died"))  # type: ignore[no-untyped-call]
    assert record.line() == "run 3 lost: seed=4"
    (row,) = SweepReport([record], []).rows()
    assert (row["passed"], row["ended"], row["exit_code"]) == (False, "lost", None)
    assert row["last_lines"][0].startswith("lost after 2 tries: NodeDiedError")


def test_a_task_that_failed_on_its_worker_is_a_worker_error(tmp_path: Path) -> None:
    failed = ray.exceptions.RayTaskError(  # type: ignore[no-untyped-call]
        "play_on_worker", "GodotNotFound: no Godot binary found", ValueError()
    )
    record = outcome_of(tmp_path, failed)
    assert record.outcome.verdict == "worker error"
    assert any("no Godot binary found" in line for line in record.outcome.log_tail)


def test_a_node_without_godot_names_itself_and_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GODOT_BIN", str(tmp_path / "no-godot-here"))
    record = outcome_of(tmp_path, play_on_worker({"steps": []}, None, 10.0))
    (row,) = SweepReport([record], []).rows()
    assert (row["ended"], row["exit_code"]) == ("worker error", None)
    assert row["last_lines"][0].startswith("no Godot on node ")
    assert "no-godot-here" in row["last_lines"][0]
    assert row["last_lines"][1] == (
        "hint: run `godot-live-mcp godot install` on that node (in its setup commands), or set GODOT_BIN"
    )


def test_a_finished_run_keeps_its_log_and_result_beside_its_script(tmp_path: Path) -> None:
    result = {"passed": True, "frames": 60, "assertions": [], "timeline": []}
    answer = {
        "exit_code": 0,
        "result": result,
        "wall_s": 1.5,
        "ended": "finished",
        "log_tail": [],
        "log": "ok\n",
    }
    record = outcome_of(tmp_path, answer)
    assert (record.outcome.passed, record.outcome.folder) == (True, tmp_path / "run-0003")
    assert (tmp_path / "run-0003" / "game.log").read_text() == "ok\n"
    assert (tmp_path / "run-0003" / "result.json").is_file()


def test_finished_runs_come_back_as_soon_as_one_ends_with_every_other_ready() -> None:
    asked: list[tuple[int, float | None]] = []

    def wait(refs: list[str], num_returns: int, timeout: float | None) -> tuple[list[str], list[str]]:
        asked.append((num_returns, timeout))
        return [r for r in refs if r.startswith("done")][:num_returns], []

    ray_like = SimpleNamespace(wait=wait)
    assert _finished(ray_like, ["done-1", "running", "done-2"]) == ["done-1", "done-2"]  # type: ignore[arg-type]
    assert asked == [(1, 0.5), (3, 0)]
    assert _finished(ray_like, ["running"]) == []  # type: ignore[arg-type]
