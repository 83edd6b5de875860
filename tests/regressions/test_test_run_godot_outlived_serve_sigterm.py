"""Regression (issue 21): the Godot that ``test_run`` starts kept running after ``serve`` got SIGTERM.
It is now tied to the server by the kernel (PR_SET_PDEATHSIG): it ends when the server ends, however
the server ends."""

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
SLOW_TEST = "extends GutTest\n\n\nfunc test_waits() -> void:\n\tOS.delay_msec(120000)\n"
GONE_WITHIN_S = 10.0


def test_sigterm_of_serve_ends_the_godot_of_test_run(tmp_path: Path) -> None:
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
    try:
        serve.initialize()
        serve.send(
            {
                "jsonrpc": "2.0",
                "id": 99,
                "method": "tools/call",
                "params": {"name": "test_run", "arguments": {}},
            }
        )
        runner = _wait_for_test_runner(project, popen)
        popen.send_signal(signal.SIGTERM)
        serve.wait_exit()
        deadline = time.monotonic() + GONE_WITHIN_S
        while time.monotonic() < deadline and pid_alive(runner):
            time.sleep(0.1)
        assert not pid_alive(runner), f"test_run's Godot (pid {runner}) outlived serve"
    finally:
        serve.close()


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
