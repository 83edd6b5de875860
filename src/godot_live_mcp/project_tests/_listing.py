"""The project's test scripts and their test functions, found the way each framework finds them."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.project_tests._frameworks import Framework
from godot_live_mcp.regular_files import read_regular_text

__all__ = ["ScriptTests", "default_test_path", "find_test_scripts", "project_file"]

_TEST_FUNCTION = re.compile(r"^func\s+(test_\w*)\s*\(", re.MULTILINE)
_GDUNIT_SUITE = re.compile(r"^extends\s+[^\n]*GdUnitTestSuite", re.MULTILINE)
_DEFAULT_FOLDERS = ("res://test", "res://tests")
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ScriptTests:
    file: str  # res:// path
    tests: tuple[str, ...]


def project_file(project: Path, path: str) -> Path:
    """Where the res:// ``path`` is on disk; ``PATH_DENIED`` when it leaves the project."""
    if not path.startswith("res://"):
        raise ToolError(
            ErrorCode.INVALID_PARAMS, f"{path!r} is not a res:// path.", "Pass e.g. 'res://test'."
        )
    root = project.resolve()
    found = (root / path.removeprefix("res://")).resolve()
    if found != root and root not in found.parents:
        raise ToolError(ErrorCode.PATH_DENIED, f"{path!r} leaves the project.")
    return found


def default_test_path(project: Path) -> str:
    """``res://test`` or ``res://tests``, whichever exists (GUT's and gdUnit4's usual folders)."""
    for folder in _DEFAULT_FOLDERS:
        if project_file(project, folder).is_dir():
            return folder
    raise ToolError(
        ErrorCode.NOT_FOUND,
        "The project has no res://test or res://tests folder.",
        "Pass path: the res:// folder (or script) that holds the tests.",
    )


def find_test_scripts(project: Path, framework: Framework, path: str) -> list[ScriptTests]:
    """The test scripts under ``path`` (a folder, recursively, or one script), sorted by path."""
    target = project_file(project, path)
    if target.is_file():
        candidates = [target]
    elif target.is_dir():
        candidates = sorted(target.rglob("*.gd"))
    else:
        raise ToolError(ErrorCode.NOT_FOUND, f"{path} does not exist.", "test_list shows the test scripts.")
    root = project.resolve()
    scripts = []
    for script in candidates:
        try:
            text = read_regular_text(script, inside=root, errors="replace")
        except OSError as error:  # a link out, a device or FIFO, a file over the cap: skipped
            logger.warning("skipping the test script %s: %s", script, error)
            continue
        if _is_test_script(framework, script, text):
            tests = tuple(_TEST_FUNCTION.findall(text))
            scripts.append(ScriptTests("res://" + script.relative_to(root).as_posix(), tests))
    return scripts


def _is_test_script(framework: Framework, script: Path, text: str) -> bool:
    if framework is Framework.GUT:  # GUT's defaults: prefix test_, suffix .gd
        return script.name.startswith("test_")
    return _GDUNIT_SUITE.search(text) is not None
