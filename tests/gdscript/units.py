"""The GDScript unit tests (run.gd and the test_*.gd beside it) in a plain ``godot --headless --script``
process: no editor, no MCP server, a few seconds.

The project they run in is made fresh each time: a copy of the addon (a link would let an engine that scans
the project write .uid files into the source tree), a copy of these tests, and the global class cache an
editor would write on import, so the addon's ``class_name`` globals resolve without one.

By hand: ``.venv/bin/python -m tests.gdscript.units [NAME_PART ...]``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.contract import ADDON_ROOT, addon_source_dir
from godot_live_mcp.godot.locator import find_godot

__all__ = ["UnitRun", "make_project", "run_units"]

UNITS = Path(__file__).resolve().parent
FOLDER = "unit"
RUNNER = f"res://{FOLDER}/run.gd"
TIMEOUT_S = 180.0
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)
_CLASS_NAME = re.compile(r"^class_name\s+(\w+)", re.MULTILINE)
_EXTENDS = re.compile(r"^extends\s+(\w+)", re.MULTILINE)
_PROJECT = 'config_version=5\n\n[application]\n\nconfig/name="gdscript units"\n'
_COPIED_AWAY = shutil.ignore_patterns("__pycache__", "*.py", "*.pyc", "*.uid")


@dataclass(frozen=True)
class UnitRun:
    returncode: int
    output: str

    @property
    def counts(self) -> tuple[int, int] | None:
        """(passed, failed) from the closing line, or None when the run ended without one."""
        found = SUMMARY.findall(self.output)
        return (int(found[-1][0]), int(found[-1][1])) if found else None


def make_project(destination: Path) -> Path:
    destination.mkdir(parents=True, exist_ok=True)
    (destination / "project.godot").write_text(_PROJECT, "utf-8")
    shutil.copytree(addon_source_dir(), destination / ADDON_ROOT, ignore=_COPIED_AWAY)
    shutil.copytree(UNITS, destination / FOLDER, ignore=_COPIED_AWAY)
    cache = destination / ".godot" / "global_script_class_cache.cfg"
    cache.parent.mkdir(exist_ok=True)
    cache.write_text(class_cache(destination), "utf-8")
    return destination


def class_cache(project: Path) -> str:
    """The global class list of the project's scripts, as the editor writes it on import."""
    entries = []
    for script in sorted(project.rglob("*.gd")):
        text = script.read_text("utf-8")
        named = _CLASS_NAME.search(text)
        if named is None:
            continue
        base = _EXTENDS.search(text)
        fields = {
            "base": f'&"{base.group(1) if base else "RefCounted"}"',
            "class": f'&"{named.group(1)}"',
            "icon": '""',
            "is_abstract": "false",
            "is_tool": "true" if "@tool" in text.split("class_name", 1)[0] else "false",
            "language": '&"GDScript"',
            "path": f'"res://{script.relative_to(project).as_posix()}"',
        }
        entries.append("{\n" + ",\n".join(f'"{key}": {value}' for key, value in fields.items()) + "\n}")
    return "list=[" + ", ".join(entries) + "]\n"


def run_units(workspace: Path, *name_parts: str) -> UnitRun:
    project = make_project(workspace / "project")
    command = [str(find_godot().path), "--headless", "--audio-driver", "Dummy", "--path", str(project)]
    command += ["--script", RUNNER, "--", *name_parts]
    done = subprocess.run(
        command,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=TIMEOUT_S,
        check=False,
    )
    return UnitRun(done.returncode, done.stdout + done.stderr)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="gdscript-units-") as workspace:
        run = run_units(Path(workspace), *sys.argv[1:])
    print(run.output, end="")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
