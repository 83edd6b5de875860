"""``test_list`` and ``test_run``: the project's own GUT or gdUnit4 tests, run headless in a separate
Godot process (the editor's state is not needed, and a crashing test cannot take the editor down)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandReply, CommandSuccess
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
from godot_live_mcp.server.server_tool_entry import (
    PAGE_RESULT,
    ServerTool,
    contract_group,
    page_args,
    paged,
    seconds_arg,
    server_entry,
)
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry

REPORT_CAP = 16 * 1024 * 1024  # a JUnit report of a large suite

__all__ = ["ProjectBackend", "ProjectSource", "project_root", "project_test_entries"]

ProjectSource = Callable[[], Path | None]
"""The project the tools work on (the served editor's), None while there is none."""

_MAX_RUN_S = 1800
_CLASS_CACHE = ".godot/global_script_class_cache.cfg"
_FRAMEWORK: JsonObject = {
    "type": "string",
    "enum": [kind.value for kind in Framework],
    "description": "Only when the project has both frameworks.",
}
_PATH: JsonObject = {
    "type": "string",
    "description": "A res:// folder or test script. Default: res://test, else res://tests.",
}
_LIST = ServerTool(
    name="test_list",
    title="Tests: list",
    description="List the project's GUT or gdUnit4 test scripts and their test functions.",
    input_schema={
        "type": "object",
        "properties": {
            "path": _PATH,
            "framework": _FRAMEWORK,
            **page_args("First script.", 100000),
        },
        "additionalProperties": False,
    },
    output_schema={
        "type": "object",
        "properties": {
            "framework": {"type": "string"},
            "path": {"type": "string"},
            "scripts": {"type": "array", "items": {"type": "object"}},
            "total_scripts": {"type": "integer"},
            "total_tests": {"type": "integer"},
            **PAGE_RESULT,
        },
        "required": ["framework", "scripts", "total_scripts", "total_tests", "has_more"],
    },
    read_only=True,
    destructive=False,
    idempotent=True,
    timeout_s=30.0,
)
_RUN = ServerTool(
    name="test_run",
    title="Tests: run",
    description=(
        "Run the project's GUT or gdUnit4 tests headless in a separate Godot; returns passed, failed "
        "(file, line, message) and skipped counts."
    ),
    input_schema={
        "type": "object",
        "properties": {
            "path": _PATH,
            "name": {"type": "string", "description": "Only the test functions with this name."},
            "framework": _FRAMEWORK,
            "timeout_s": seconds_arg(5, _MAX_RUN_S, 300, "Seconds the run may take."),
        },
        "additionalProperties": False,
    },
    output_schema={
        "type": "object",
        "properties": {
            "framework": {"type": "string"},
            "path": {"type": "string"},
            "passed": {"type": "integer"},
            "failed": {"type": "integer"},
            "skipped": {"type": "integer"},
            "total": {"type": "integer"},
            "failures": {"type": "array", "items": {"type": "object"}},
            "exit_code": {"type": "integer"},
            "seconds": {"type": "number"},
        },
        "required": ["framework", "passed", "failed", "skipped", "total", "failures"],
    },
    read_only=False,  # the project's tests run its own code, which may write files
    destructive=False,
    idempotent=False,
    timeout_s=_MAX_RUN_S + 30.0,
    long_running=True,
)


def project_test_entries(project: ProjectSource) -> list[ToolEntry]:
    """``test_list`` and ``test_run`` on the project ``project`` names at call time."""
    group = contract_group("test")
    return [
        server_entry(_LIST, group, _ListTests(project)),
        server_entry(_RUN, group, _RunTests(project)),
    ]


def project_root(project: ProjectSource) -> Path:
    """The project folder; ``EDITOR_NOT_RUNNING`` while the server knows none."""
    found = project()
    if found is None:
        raise ToolError(
            ErrorCode.EDITOR_NOT_RUNNING,
            "No project is known yet: no editor is connected and serve was started without --project.",
            "Open the project in Godot with the addon enabled, or restart serve with --project PATH.",
        )
    return found


class ProjectBackend(ToolBackend):
    """A server tool's backend that works on the project ``ProjectSource`` names at call time."""

    def __init__(self, project: ProjectSource) -> None:
        self._project = project

    def project(self) -> Path:
        """The project folder; ``EDITOR_NOT_RUNNING`` while the server knows none."""
        return project_root(self._project)


class _TestBackend(ProjectBackend):
    def _tests(self, arguments: JsonObject) -> tuple[Path, Framework, str]:
        """The project, its test framework (the ``framework`` argument, else detected) and the test path."""
        project = self.project()
        framework = detect_framework(project, _optional_text(arguments, "framework"))
        return project, framework, _optional_text(arguments, "path") or default_test_path(project)


class _ListTests(_TestBackend):
    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        project, framework, path = self._tests(arguments)
        scripts = find_test_scripts(project, framework, path)
        page, paging = paged(scripts, arguments)
        listed: list[JsonValue] = [{"file": s.file, "tests": list(s.tests)} for s in page]
        result: JsonObject = {
            "framework": framework.value,
            "path": path,
            "scripts": listed,
            "total_scripts": len(scripts),
            "total_tests": sum(len(script.tests) for script in scripts),
            **paging,
        }
        return CommandSuccess(result)


class _RunTests(_TestBackend):
    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        project, framework, path = self._tests(arguments)
        if not project_file(project, path).exists():
            raise ToolError(
                ErrorCode.NOT_FOUND, f"{path} does not exist.", "test_list shows the test scripts."
            )
        selection = RunSelection(path, _optional_text(arguments, "name"))
        limit_s = min(float(str(arguments.get("timeout_s", 300))), timeout_s)
        godot = find_godot().path
        if not (project / _CLASS_CACHE).is_file():
            await _import_project(godot, project, limit_s, listeners)
        # Inside the project's engine cache: the sandboxed run may write nowhere else.
        with tempfile.TemporaryDirectory(prefix="godot-live-mcp-tests-", dir=project / ".godot") as folder:
            report_dir = Path(folder)
            command = run_command(framework, godot, project, selection, report_dir)
            run = await run_godot(
                command,
                cwd=project,
                timeout_s=limit_s,
                what=f"{framework.value} tests",
                on_progress=listeners.on_progress,
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
        result["exit_code"] = run.returncode
        result["seconds"] = round(run.seconds, 2)
        return CommandSuccess(result)


def _report_text(found: Path, report_dir: Path) -> str:
    """The run's report: the project's code ran, so it may have put a link or a FIFO there."""
    try:
        return read_regular_text(found, inside=report_dir, cap=REPORT_CAP, errors="replace")
    except OSError as error:
        raise ToolError(
            ErrorCode.READ_FAILED, f"The test report was not read: {error}", "Run the tests again."
        ) from None


async def _import_project(godot: Path, project: Path, timeout_s: float, listeners: CallListeners) -> None:
    """Build the import and class caches of a never-opened project: both frameworks' scripts use
    global class names (GutTest, GdUnitTestSuite) that only the cache makes known."""
    command = [str(godot), "--headless", "--path", str(project), "--import"]
    run = await run_godot(
        command,
        cwd=project,
        timeout_s=timeout_s,
        what="importing the project",
        on_progress=listeners.on_progress,
    )
    if run.returncode != 0:
        raise ToolError(
            ErrorCode.EXECUTION_ERROR,
            f"Importing the project failed (exit {run.returncode}). Last output:\n{run.tail()}",
            "Open the project in the Godot editor once to see the import errors.",
        )


def _optional_text(arguments: JsonObject, key: str) -> str | None:
    value = arguments.get(key)
    return value if isinstance(value, str) and value else None
