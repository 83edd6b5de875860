"""``godot-live-mcp playtest``: its summary of a result, and the projects it refuses before running a game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner

from godot_live_mcp.cli.playtest_cmd import playtest_command, summary_of
from tests.unit.cli.cli_process import make_project


def test_the_summary_names_the_verdict_the_failed_assertions_and_the_errors() -> None:
    result = {
        "passed": False,
        "frames": 30,
        "assertions_failed": 1,
        "errors": 1,
        "warnings": 0,
        "assertions": [
            {"frame": 10, "condition": "GameState.score == 1", "passed": True, "seen": "1"},
            {"frame": 30, "condition": "$Player.position.x > 300", "passed": False, "seen": "210.0"},
        ],
        "timeline": [{"frame": 12, "kind": "error", "text": "Invalid call."}],
    }
    assert summary_of(result).splitlines() == [
        "FAILED: 30 frames, 1 of 2 assertions held, 1 errors, 0 warnings",
        "  frame 30: $Player.position.x > 300 (seen 210.0)",
        "  frame 12 error: Invalid call.",
    ]


def test_a_run_stopped_part_way_names_the_step_and_why() -> None:
    stopped = {"step": 3, "code": "EXECUTION_ERROR", "error": "steps[3].condition failed at frame 72: gone"}
    result: dict[str, Any] = {
        "passed": False,
        "frames": 72,
        "assertions_failed": 0,
        "errors": 0,
        "warnings": 0,
    }
    result |= {"assertions": [], "timeline": [], "stopped": stopped}
    assert summary_of(result).splitlines() == [
        "STOPPED: 72 frames, 0 of 0 assertions held, 0 errors, 0 warnings",
        "  at steps[3]: EXECUTION_ERROR: steps[3].condition failed at frame 72: gone",
    ]


def test_a_script_that_was_not_run_is_summarised_by_its_error() -> None:
    refused = {
        "passed": False,
        "error": {"code": "INVALID_PARAMS", "error": "steps[0]: needs", "hint": "docs"},
    }
    assert summary_of(refused) == "not run: INVALID_PARAMS: steps[0]: needs\nhint: docs"


def test_a_project_without_the_runtime_autoload_is_refused_with_exit_2(tmp_path: Path) -> None:
    project = make_project(tmp_path / "game")
    script = tmp_path / "walk.json"
    script.write_text('{"steps": [{"do": "step", "frames": 1}]}', "utf-8")
    ran = CliRunner().invoke(playtest_command, [str(script), "--project", str(project)])
    assert ran.exit_code == 2
    assert "no runtime autoload" in ran.output
    assert "install-addon" in ran.output
