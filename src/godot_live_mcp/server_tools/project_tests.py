"""``test_list`` and ``test_run``: the project's own GUT or gdUnit4 tests, run headless in a separate
Godot process (the editor's state is not needed, and a crashing test cannot take the editor down)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.queue_events import ProgressListener
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.project_tests._frameworks import (
    Framework,
    RunSelection,
    detect_framework,
    report_file,
    run_command,
)
from godot_live_mcp.project_tests._junit import parse_junit, report_json
from godot_live_mcp.project_tests._listing import default_test_path, find_test_scripts, project_file
from godot_live_mcp.project_tests._process import run_godot
from godot_live_mcp.regular_files import read_regular_text
from godot_live_mcp.server_tools._paging import page, page_args
from godot_live_mcp.server_tools._playtest_sweep import COMMANDS as SWEEP_COMMANDS
from godot_live_mcp.server_tools._spec import ServerCall, ServerGroup, ToolSpec

__all__ = ["GROUP", "REPORT_CAP"]

REPORT_CAP = 16 * 1024 * 1024  # a JUnit report of a large suite
_MAX_RUN_S = 1800
_CLASS_CACHE = ".godot/global_script_class_cache.cfg"
_FRAMEWORK = f"enum({'|'.join(kind.value for kind in Framework)}): Only when the project has both frameworks."
_PATH = "string: A res:// folder or test script. Default: res://test, else res://tests."


def _tests(call: ServerCall) -> tuple[Path, Framework, str]:
    """The project, its test framework (the ``framework`` argument, else detected) and the test path."""
    project = call.project()
    framework = detect_framework(project, call.text("framework"))
    return project, framework, call.text("path") or default_test_path(project)


async def _list(call: ServerCall) -> JsonObject:
    project, framework, path = _tests(call)
    scripts = find_test_scripts(project, framework, path)
    listed: list[JsonValue] = [{"file": s.file, "tests": list(s.tests)} for s in scripts]
    found: JsonObject = {"framework": framework.value, "path": path}
    found["total_tests"] = sum(len(script.tests) for script in scripts)
    return found | page("scripts", listed, call.arguments, 50)


async def _run(call: ServerCall) -> JsonObject:
    project, framework, path = _tests(call)
    if not project_file(project, path).exists():
        raise ToolError(ErrorCode.NOT_FOUND, f"{path} does not exist.", "test_list shows the test scripts.")
    selection = RunSelection(path, call.text("name"))
    limit_s = min(float(call.integer("timeout_s", 300)), call.timeout_s)
    godot = find_godot().path
    if not (project / _CLASS_CACHE).is_file():
        await _import_project(godot, project, limit_s, call.listeners.on_progress)
    # Inside the project's engine cache: the sandboxed run may write nowhere else.
    with tempfile.TemporaryDirectory(prefix="godot-live-mcp-tests-", dir=project / ".godot") as folder:
        report_dir = Path(folder)
        command = run_command(framework, godot, project, selection, report_dir)
        run = await run_godot(
            command,
            cwd=project,
            timeout_s=limit_s,
            what=f"{framework.value} tests",
            on_progress=call.listeners.on_progress,
        )
        found = report_file(framework, report_dir)
        if found is None:
            raise ToolError(
                ErrorCode.EXECUTION_ERROR,
                f"The {framework.value} run wrote no JUnit report (exit {run.returncode}). Last output:\n"
                + run.tail(),
                "Fix the error above (often a script that does not compile), then run again.",
            )
        report = parse_junit(_report_text(found, report_dir))
    result: JsonObject = {"framework": framework.value, "path": path, **report_json(report)}
    return result | {"exit_code": run.returncode, "seconds": round(run.seconds, 2)}


def _report_text(found: Path, report_dir: Path) -> str:
    """The run's report: the project's code ran, so it may have put a link or a FIFO there."""
    try:
        return read_regular_text(found, inside=report_dir, cap=REPORT_CAP, errors="replace")
    except OSError as error:
        raise ToolError(
            ErrorCode.READ_FAILED, f"The test report was not read: {error}", "Run the tests again."
        ) from None


async def _import_project(
    godot: Path, project: Path, timeout_s: float, on_progress: ProgressListener | None
) -> None:
    """Build the import and class caches of a never-opened project: both frameworks' scripts use
    global class names (GutTest, GdUnitTestSuite) that only the cache makes known."""
    command = [str(godot), "--headless", "--path", str(project), "--import"]
    run = await run_godot(
        command, cwd=project, timeout_s=timeout_s, what="importing the project", on_progress=on_progress
    )
    if run.returncode != 0:
        raise ToolError(
            ErrorCode.EXECUTION_ERROR,
            f"Importing the project failed (exit {run.returncode}). Last output:\n{run.tail()}",
            "Open the project in the Godot editor once to see the import errors.",
        )


COMMANDS = {
    "test_list": ToolSpec(
        "Tests: list",
        "List the project's GUT or gdUnit4 test scripts and their test functions.",
        _list,
        args={"path": _PATH, "framework": _FRAMEWORK, **page_args("script", "scripts", 50)},
        returns={
            "framework!": "string",
            "path": "string",
            "scripts!": "array<object>: file and its tests.",
            "total_tests!": "integer",
            "@page": "scripts offset",
        },
        marks="read_only idempotent",
        timeout_ms=30_000,
    ),
    "test_run": ToolSpec(
        "Tests: run",
        "Run the project's GUT or gdUnit4 tests headless in a separate Godot; returns passed, failed "
        "(file, line, message) and skipped counts.",
        _run,
        args={
            "path": _PATH,
            "name": "string: Only the test functions with this name.",
            "framework": _FRAMEWORK,
            "timeout_s": f"integer[5..{_MAX_RUN_S}]=300: Seconds the run may take.",
        },
        returns={
            "framework!": "string",
            "path": "string",
            "passed!": "integer",
            "failed!": "integer",
            "skipped!": "integer",
            "total!": "integer",
            "failures!": "array<object>: file, line, message.",
            "exit_code": "integer",
            "seconds": "number",
        },
        marks="long_running",  # not read-only: the project's tests run its own code, which may write files
        timeout_ms=(_MAX_RUN_S + 30) * 1000,
    ),
}
GROUP = ServerGroup("test", COMMANDS | SWEEP_COMMANDS)
