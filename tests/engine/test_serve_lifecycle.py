"""``godot-live-mcp serve`` and ``godot-live-mcp demo`` as processes: what they start, they stop."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.registry import wait_for_instance
from tests.engine.harness import EngineEditor, copy_demo_project

pytestmark = pytest.mark.engine


def test_sigterm_stops_serve_and_the_editor_it_launched(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project")
    env = {**os.environ, **engine_editor.env, "XDG_STATE_HOME": str(tmp_path / "state")}
    command = [sys.executable, "-m", "godot_live_mcp", "serve", "--project", str(project)]
    with (tmp_path / "serve.log").open("w") as log:
        # stdin stays open: the client has not left, so only the signal can end the server.
        serve = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=env)
        try:
            editor = anyio.run(
                wait_for_instance, project, None, time.monotonic() + 120, engine_editor.registry
            )
            assert editor is not None, (tmp_path / "serve.log").read_text()
            serve.send_signal(signal.SIGTERM)
            stdout, _ = serve.communicate(timeout=30)
        finally:
            if serve.poll() is None:
                serve.kill()
                serve.communicate()
    editor_logs.extend(sorted((tmp_path / "state" / "godot-live-mcp" / "log").glob("*.log")))
    assert serve.returncode == -signal.SIGTERM
    assert not pid_alive(editor.pid)
    assert stdout == b""  # on stdio, stdout belongs to MCP alone


def test_demo_runs_the_scripted_session_and_cleans_up(engine_editor: EngineEditor, tmp_path: Path) -> None:
    env = {**os.environ, "TMPDIR": str(tmp_path), "COLUMNS": "200"}
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "godot_live_mcp", "demo"], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    for call in ("tools/list", "editor_get_info", "project_get_info", "scene_get_tree", "classdb_get_class"):
        assert call in done.stdout
    assert "Player (CharacterBody2D)" in done.stdout
    assert "demo finished" in done.stdout
    assert list(tmp_path.iterdir()) == []  # the temporary project, registry and logs are gone
    assert time.monotonic() - began < 120
