"""The two test frameworks of Godot projects, found by their addon folders, and the documented
command line of each (checked against GUT 9.5 and gdUnit4 5.x; docs/project-tests-and-export.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from godot_live_mcp.contract import ErrorCode, ToolError

__all__ = ["Framework", "RunSelection", "detect_framework", "report_file", "run_command"]


class Framework(StrEnum):
    GUT = "gut"
    GDUNIT4 = "gdunit4"


@dataclass(frozen=True)
class _Layout:
    addon: str  # the addon folder under the project
    entry: str  # the command-line entry point, relative to the project


_LAYOUTS = {
    Framework.GUT: _Layout("addons/gut", "addons/gut/gut_cmdln.gd"),
    Framework.GDUNIT4: _Layout("addons/gdUnit4", "addons/gdUnit4/bin/GdUnitCmdTool.gd"),
}
_INSTALL_HINT = (
    "Install one: GUT (Asset Library 'GUT - Godot Unit Testing', or copy addons/gut from "
    "https://github.com/bitwes/Gut) or gdUnit4 (Asset Library 'gdUnit4', or copy addons/gdUnit4 from "
    "https://github.com/MikeSchulze/gdUnit4) into the project, then enable the plugin."
)


@dataclass(frozen=True)
class RunSelection:
    """What to run: ``path`` a res:// folder or test script; ``name`` a test function (or part of one)."""

    path: str
    name: str | None = None


def detect_framework(project: Path, chosen: str | None = None) -> Framework:
    """The framework whose entry point the project holds (``chosen`` when both are there)."""
    present = [kind for kind, layout in _LAYOUTS.items() if (project / layout.entry).is_file()]
    if chosen is not None:
        wanted = Framework(chosen)
        if wanted not in present:
            raise ToolError(
                ErrorCode.SETUP_FAILED,
                f"The project has no {wanted.value} (no {_LAYOUTS[wanted].entry}).",
                _INSTALL_HINT,
            )
        return wanted
    if not present:
        raise ToolError(
            ErrorCode.SETUP_FAILED,
            "The project has no test framework (neither res://addons/gut nor res://addons/gdUnit4).",
            _INSTALL_HINT,
        )
    if len(present) > 1:
        raise ToolError(
            ErrorCode.INVALID_PARAMS,
            "The project has both GUT and gdUnit4.",
            "Pass framework: 'gut' or 'gdunit4'.",
        )
    return present[0]


def run_command(
    framework: Framework, godot: Path, project: Path, selection: RunSelection, report_dir: Path
) -> list[str]:
    """The headless command line running ``selection``, writing a JUnit XML report under ``report_dir``."""
    base = [str(godot), "--headless", "--path", str(project)]
    if framework is Framework.GUT:
        where = f"-gtest={selection.path}" if selection.path.endswith(".gd") else f"-gdir={selection.path}"
        command = [*base, "-s", _LAYOUTS[framework].entry, where, "-ginclude_subdirs", "-gexit"]
        command.append(f"-gjunit_xml_file={report_dir / 'results.xml'}")
        return command + ([f"-gunit_test_name={selection.name}"] if selection.name else [])
    target = f"{selection.path}:{selection.name}" if selection.name else selection.path
    # -c: run every test (gdUnit4 stops at the first failure otherwise); headless needs the explicit flag.
    return [
        *base,
        "-s",
        f"res://{_LAYOUTS[framework].entry}",
        "--ignoreHeadlessMode",
        "-c",
        "-a",
        target,
        "-rd",
        str(report_dir),
    ]


def report_file(framework: Framework, report_dir: Path) -> Path | None:
    """The JUnit XML the run wrote: GUT's named file, gdUnit4's newest ``report_<n>/results.xml``."""
    if framework is Framework.GUT:
        found = report_dir / "results.xml"
        return found if found.is_file() else None
    reports = sorted(report_dir.glob("report_*/results.xml"), key=lambda path: path.stat().st_mtime)
    return reports[-1] if reports else None
