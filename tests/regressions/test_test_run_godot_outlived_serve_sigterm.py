"""Regression (issue 21): the Godot that ``test_run`` starts kept running after ``serve`` got SIGTERM
(seen by the campaign; here a SIGTERM already cancels the call and kills it) and after a SIGKILL (nothing
of serve runs then). It is now tied to the server by the kernel (PR_SET_PDEATHSIG): it ends when the
server ends, however the server ends."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.regressions.test_serve_left_processes_running import ServeProcess

pytestmark = pytest.mark.engine

FIXTURE = Path(__file__).resolve().parents[1] / "engine" / "fixtures" / "gut_project"
# Says it runs, then holds the run silent (a runner that prints after serve is gone dies of SIGPIPE).
SLOW_TEST = """extends "res://addons/gut/test.gd"


func test_waits() -> void:
	FileAccess.open("res://waiting.txt", FileAccess.WRITE).store_string("yes")
	OS.delay_msec(120000)
"""
GONE_WITHIN_S = 10.0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_the_end_of_serve_ends_the_godot_of_test_run(tmp_path: Path, sig: signal.Signals) -> None:
    project = Path(shutil.copytree(FIXTURE, tmp_path / "gut_project"))
    (project / "test" / "test_slow.gd").write_text(SLOW_TEST)
    env = {
        **os.environ,
        REGISTRY_DIR_ENV: str(tmp_path / "registry"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
    }
    command = [sys.executable, "-m", "godot_live_mcp", "serve", "--project", str(project), "--tools", "all"]
    with (tmp_path / "serve.log").open("wb") as log:
        popen = subprocess.Popen(
            [*command, "--no-launch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=env
        )
    serve = ServeProcess(popen)
    runner = 0
    try:
        serve.initialize()
        serve.send(
            {
                "jsonrpc": "2.0",
                "id": 99,
                "method": "tools/call",
                "params": {"name": "test_run", "arguments": {"path": "res://test/test_slow.gd"}},
            }
        )
        runner = _wait_for_test_runner(project, popen)
        _wait_for(project / "waiting.txt", popen)
        popen.send_signal(sig)
        serve.wait_exit()
        deadline = time.monotonic() + GONE_WITHIN_S
        while time.monotonic() < deadline and pid_alive(runner):
            time.sleep(0.1)
        assert not pid_alive(runner), f"test_run's Godot (pid {runner}) outlived serve"
    finally:
        serve.close()
        if runner and pid_alive(runner):
            os.kill(runner, signal.SIGKILL)  # a failed run leaves it waiting for two minutes


def _wait_for_test_runner(project: Path, serve: subprocess.Popen[bytes]) -> int:
    """The pid of the Godot running the project's GUT tests, once it runs them (the import run is over)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert serve.poll() is None, "serve exited"
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and _runs_gut_of(entry, project):
                return int(entry.name)
        time.sleep(0.2)
    pytest.fail("test_run started no Godot within 120 s")


def _wait_for(marker: Path, serve: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not marker.is_file():
        assert serve.poll() is None, "serve exited"
        time.sleep(0.1)
    assert marker.is_file(), "the slow test never started"


def _runs_gut_of(entry: Path, project: Path) -> bool:
    try:
        arguments = (entry / "cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    text = b" ".join(arguments).decode("utf-8", "replace")
    return (
        str(project) in text
        and "gut" in text
        and "--import" not in text
        and "python" not in arguments[0].decode()
    )
