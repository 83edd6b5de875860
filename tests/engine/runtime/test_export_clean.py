"""The runtime server's preload closure loads in a plain game run (no editor): no parse error."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import EngineEditor

pytestmark = pytest.mark.engine


def test_a_plain_game_run_loads_the_runtime_server_and_serves_without_errors(
    engine_editor: EngineEditor, tmp_path: Path
) -> None:
    registry = tmp_path / "registry"  # its own: the run must not touch the session's entries
    godot = find_godot().path
    run = subprocess.run(
        [str(godot), "--headless", "--path", str(engine_editor.project), "--quit-after", "30"],
        env={**os.environ, REGISTRY_DIR_ENV: str(registry)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "SCRIPT ERROR" not in output, output
    assert "ERROR:" not in output, output
    # The server ran: it kept a log tail, and withdrew its entry and token at the clean exit.
    tails = list((registry / "logs").glob("*.runtime.*log"))
    assert len(tails) == 1
    assert "shutting down normally" in tails[0].read_text("utf-8")
    assert not list((registry / "entries").glob("*.runtime.*json"))
    assert not list((registry / "tokens").glob("*"))
