"""``godot-live-mcp playtest ... --cluster ray`` on a real two-node Ray cluster started by the test,
reachable on loopback only: the table equals the local pool's; Ctrl-C stops every game of the sweep;
a worker node killed mid-sweep has its runs retried on the head, and its games die with it."""

from __future__ import annotations

import ipaddress
import json
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.engine.harness import EngineEditor
from tests.engine.playtest_farm.loopback_ray import LoopbackRay, NamespaceUnavailableError
from tests.engine.runtime.playtest_scripts import imported as imported  # a fixture

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

WALK: list[dict[str, Any]] = [
    {"do": "press", "action": "move_right"},
    {"do": "step", "frames": 60},
    {"do": "release", "action": "move_right"},
    {"do": "assert", "condition": "$Player.position.x > 300"},
]
LONG = 2400  # frames a run of the kill and cancel sweeps plays after its walk: time to find its game
DEADLINE_S = 120.0


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackRay]:
    try:
        with LoopbackRay(tmp_path_factory.mktemp("ray")) as started:
            yield started
    except NamespaceUnavailableError as error:
        pytest.fail(f"the loopback-only cluster cannot be made here, so Ray is not tested: {error}")


def command(editor: EngineEditor, folder: Path, steps: list[dict[str, Any]], *options: str) -> list[str]:
    script = folder / "walk.json"
    script.write_text(json.dumps({"steps": steps}), "utf-8")
    return [sys.executable, "-m", "godot_live_mcp", "playtest", str(script), "--project", str(editor.project),
            "--json", "--out", str(folder / "runs"), *options]  # fmt: skip


async def sweep(cluster: LoopbackRay, editor: EngineEditor, folder: Path, *options: str) -> tuple[int, Any]:
    await anyio.Path(folder).mkdir()
    with anyio.fail_after(300):
        ran = await anyio.run_process(
            cluster.inside(*command(editor, folder, WALK, *options)), env=cluster.env(), check=False
        )
    return ran.returncode, json.loads(ran.stdout)


def comparable(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows without what differs by place and time: wall time, the sweep's folder in a path."""
    rows = [{k: v for k, v in row.items() if k not in ("wall_s", "script")} for row in answer["runs"]]
    for row in rows:
        if "screenshot" in row:
            row["screenshot"] = Path(row["screenshot"]).parts[-2:]  # run-NNNN/failure.png
    return rows


def assert_loopback_only(cluster: LoopbackRay) -> None:
    """The namespace has no interface but lo, so even a server bound to every address is loopback."""
    assert cluster.interfaces() == ["lo"]
    for address in cluster.listening():
        ip = ipaddress.ip_address(address)
        mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
        assert ip.is_loopback or ip.is_unspecified or (mapped is not None and mapped.is_loopback), address


async def until(seen: Callable[[], bool], what: str) -> None:
    """Polls the processes' state (they change on their own, no event tells) until it holds."""
    deadline = time.monotonic() + DEADLINE_S
    while not seen():
        assert time.monotonic() < deadline, f"not within {DEADLINE_S:.0f} s: {what}"
        await anyio.sleep(0.05)


async def test_a_sweep_on_the_cluster_gives_the_local_pools_table(
    cluster: LoopbackRay, imported: EngineEditor, tmp_path: Path
) -> None:
    options: tuple[str, ...] = ("--set", "Player:speed=100,300", "--seeds", "2", "--random-actions", "jump")
    options += ("--random-frames", "30")
    ray_code, on_ray = await sweep(cluster, imported, tmp_path / "ray", *options, "--cluster", "ray")
    local_code, on_local = await sweep(cluster, imported, tmp_path / "local", *options, "--cluster", "local")

    assert (ray_code, local_code) == (1, 1)  # the slow player fails: not every run passed
    assert comparable(on_ray) == comparable(on_local)
    assert [row["passed"] for row in on_ray["runs"]] == [False, False, True, True]
    assert on_ray["pass_rates"] == on_local["pass_rates"]
    run = tmp_path / "ray" / "runs" / "run-0000"  # the driver keeps each run's files, as locally
    assert {"script.json", "result.json", "game.log"} <= {path.name for path in run.iterdir()}
    assert_loopback_only(cluster)


async def test_ctrl_c_stops_every_game_of_the_sweep(
    cluster: LoopbackRay, imported: EngineEditor, tmp_path: Path
) -> None:
    steps = [*WALK, {"do": "step", "frames": LONG * 10}]
    options = ("--set", "Player:speed=300,310,320", "--cluster", "ray")
    driver = await anyio.open_process(
        cluster.inside(*command(imported, tmp_path, steps, *options)), env=cluster.env(), stdout=None
    )
    try:
        await until(lambda: bool(cluster.games("head") and cluster.games("worker")), "a game on each node")
        driver.send_signal(signal.SIGINT)
        with anyio.fail_after(DEADLINE_S):
            await driver.wait()
        await until(lambda: not cluster.games("head") and not cluster.games("worker"), "every game stopped")
    finally:
        if driver.returncode is None:
            driver.kill()
            await driver.wait()


async def test_a_worker_node_killed_mid_sweep_has_its_runs_retried_and_its_games_die(
    cluster: LoopbackRay, imported: EngineEditor, tmp_path: Path
) -> None:
    steps = [*WALK, {"do": "step", "frames": LONG}]
    options = ("--set", "Player:speed=300,310,320", "--cluster", "ray")
    with (tmp_path / "answer.json").open("wb") as out:
        driver = await anyio.open_process(
            cluster.inside(*command(imported, tmp_path, steps, *options)), env=cluster.env(), stdout=out
        )
    try:
        await until(lambda: bool(cluster.games("worker")), "a game on the worker node")
        games = cluster.kill_node("worker")
        await until(lambda: not any(game.alive() for game in games), "the killed node's games ended")
        with anyio.fail_after(300):
            await driver.wait()
    finally:
        if driver.returncode is None:
            driver.kill()
            await driver.wait()
    answer = json.loads((tmp_path / "answer.json").read_text("utf-8"))
    assert driver.returncode == 0, answer
    assert [(row["variant"], row["passed"]) for row in answer["runs"]] == [
        ("Player:speed=300", True),
        ("Player:speed=310", True),
        ("Player:speed=320", True),
    ]
    assert not cluster.games("head")
