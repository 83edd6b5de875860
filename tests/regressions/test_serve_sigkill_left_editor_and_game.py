"""Regression (issue 21): after a SIGKILL of ``serve`` (nothing of it runs to clean up) the editor it
launched and the game that editor ran kept running. The editor is now tied to the server by the
kernel (PR_SET_PDEATHSIG) and watches it (GODOT_LIVE_MCP_PARENT_PID), and the game watches its editor."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from godot_live_mcp.instances._process import pid_alive
from tests.regressions.test_serve_left_processes_running import serving_with_a_game

pytestmark = pytest.mark.engine

GONE_WITHIN_S = 10.0


def test_sigkill_of_serve_ends_its_editor_and_game(tmp_path: Path, editor_logs: list[Path]) -> None:
    with serving_with_a_game(tmp_path, editor_logs) as (serve, editor_pid, game_pid):
        assert pid_alive(editor_pid)
        assert pid_alive(game_pid)
        serve.popen.kill()
        serve.popen.wait()
        deadline = time.monotonic() + GONE_WITHIN_S
        while time.monotonic() < deadline and (pid_alive(editor_pid) or pid_alive(game_pid)):
            time.sleep(0.1)
        survivors = [pid for pid in (editor_pid, game_pid) if pid_alive(pid)]
    assert survivors == [], f"still running {GONE_WITHIN_S} s after serve was killed: {survivors}"
