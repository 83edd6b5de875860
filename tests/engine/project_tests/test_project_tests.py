"""test_list and test_run on real headless Godot runs of the fixture projects, whose runners stand at
GUT's and gdUnit4's entry points and write each framework's JUnit XML."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from godot_live_mcp.bridge.queue_events import CallListeners, ProgressEvent
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.tool_table import ToolEntry
from godot_live_mcp.server_tools import ServerContext, group_entries, project_tests
from tests.engine.harness import DEMO_PROJECT
from tests.engine.project_tests._calls import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def tools_on(project: Path) -> list[ToolEntry]:
    return group_entries(project_tests.GROUP, ServerContext(lambda: project))


def fixture_copy(tmp_path: Path, name: str) -> Path:
    return Path(shutil.copytree(FIXTURES / name, tmp_path / name))


async def test_gut_tests_run_headless_with_exact_counts_and_the_failing_line(tmp_path: Path) -> None:
    events: list[ProgressEvent] = []

    async def note(event: ProgressEvent) -> None:
        events.append(event)

    project = fixture_copy(tmp_path, "gut_project")
    result = await call(tools_on(project), "test_run", listeners=CallListeners(on_progress=note))
    assert (project / ".godot/global_script_class_cache.cfg").is_file()  # imported first: a fresh checkout
    assert (result["framework"], result["path"]) == ("gut", "res://test")
    assert (result["passed"], result["failed"], result["skipped"], result["total"]) == (2, 1, 1, 4)
    assert result["failures"] == [
        {
            "file": "res://test/test_math.gd",
            "line": 9,
            "test": "test_subtracts",
            "message": "[Failed]:  [3] expected to equal [4]:  at line 9",
        }
    ]
    assert result["exit_code"] == 1
    assert events
    assert events[-1].message.startswith("gut tests: ")


async def test_gut_runs_one_test_by_name(tmp_path: Path) -> None:
    tools = tools_on(fixture_copy(tmp_path, "gut_project"))
    result = await call(tools, "test_run", {"path": "res://test/test_math.gd", "name": "test_adds"})
    assert (result["passed"], result["failed"], result["skipped"]) == (1, 0, 0)
    assert result["exit_code"] == 0


async def test_gdunit4_tests_run_headless_with_exact_counts_and_failing_lines(tmp_path: Path) -> None:
    result = await call(tools_on(fixture_copy(tmp_path, "gdunit4_project")), "test_run")
    assert result["framework"] == "gdunit4"
    assert (result["passed"], result["failed"], result["skipped"], result["total"]) == (3, 2, 1, 6)
    located = [(failure["file"], failure["line"], failure["test"]) for failure in result["failures"]]
    assert located == [
        ("res://test/calculator_test.gd", 9, "test_multiply"),
        ("res://test/text_test.gd", 9, "test_length"),
    ]
    assert result["exit_code"] == 100


async def test_gdunit4_runs_one_test_of_one_suite(tmp_path: Path) -> None:
    tools = tools_on(fixture_copy(tmp_path, "gdunit4_project"))
    result = await call(tools, "test_run", {"path": "res://test/calculator_test.gd", "name": "test_power"})
    assert (result["passed"], result["failed"], result["skipped"]) == (0, 0, 1)


async def test_test_list_pages_the_scripts_and_counts_every_test(tmp_path: Path) -> None:
    tools = tools_on(fixture_copy(tmp_path, "gdunit4_project"))
    first = await call(tools, "test_list", {"limit": 1})
    assert first["scripts"] == [
        {
            "file": "res://test/calculator_test.gd",
            "tests": ["test_add", "test_multiply", "test_divide", "test_power"],
        }
    ]
    assert (first["total_scripts"], first["total_tests"], first["has_more"], first["next_offset"]) == (
        2,
        6,
        True,
        1,
    )
    second = await call(tools, "test_list", {"offset": 1, "limit": 1})
    assert second["scripts"] == [{"file": "res://test/text_test.gd", "tests": ["test_upper", "test_length"]}]
    assert second["has_more"] is False


async def test_a_project_without_a_framework_is_told_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as raised:
        await call(tools_on(DEMO_PROJECT), "test_run")
    assert raised.value.code == ErrorCode.SETUP_FAILED
    assert "res://addons/gut" in raised.value.message
    assert "gdUnit4" in raised.value.hint


async def test_a_runner_that_writes_no_report_is_an_execution_error(tmp_path: Path) -> None:
    project = fixture_copy(tmp_path, "gut_project")
    (project / "addons/gut/gut_cmdln.gd").write_text(
        "extends SceneTree\n\n\nfunc _initialize() -> void:\n\tquit(3)\n"
    )
    with pytest.raises(ToolError) as raised:
        await call(tools_on(project), "test_run")
    assert raised.value.code == ErrorCode.EXECUTION_ERROR
    assert "exit 3" in raised.value.message


async def test_a_run_past_its_time_is_stopped(tmp_path: Path) -> None:
    project = fixture_copy(tmp_path, "gut_project")
    (project / "addons/gut/gut_cmdln.gd").write_text("extends SceneTree\n")  # never quits
    with pytest.raises(ToolError) as raised:
        await call(tools_on(project), "test_run", {"timeout_s": 5})
    assert raised.value.code == ErrorCode.TIMEOUT
