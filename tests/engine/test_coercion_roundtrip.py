"""Every coercion tag round-trips through the real engine: JSON in, property set, read back, JSON out.

The GDScript runner (``gdscript/coercion_roundtrip.gd``) does the work inside Godot and prints one
``PASS <case>`` or ``FAIL <case>: …`` line per case; this module gives it a project and reads the verdict.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from godot_live_mcp.contract import ADDON_ROOT, CONTRACT, ActionableError, addon_source_dir
from godot_live_mcp.godot.locator import find_godot
from tests.engine.harness import DEMO_PROJECT, engine_errors

pytestmark = [pytest.mark.engine]

RUNNER_SOURCE = Path(__file__).resolve().parent / "gdscript"
RUNNER_FOLDER = "mcp_engine_tests"
RUNNER_SCRIPT = f"res://{RUNNER_FOLDER}/coercion_roundtrip.gd"
ENGINE_FLAGS = ("--headless", "--audio-driver", "Dummy")
TIMEOUT_S = 180.0


@dataclass(frozen=True)
class RunnerOutcome:
    returncode: int
    log: Path

    @property
    def lines(self) -> list[str]:
        return self.log.read_text("utf-8", errors="replace").splitlines()

    def cases(self, verdict: str) -> list[str]:
        prefix = f"{verdict} "
        return [line.removeprefix(prefix) for line in self.lines if line.startswith(prefix)]


def make_project(destination: Path) -> Path:
    """The demo project with the addon's files copied in (the plugin stays disabled) and the runner beside."""
    shutil.copytree(DEMO_PROJECT, destination, ignore=shutil.ignore_patterns(".godot"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(addon_source_dir(), destination / ADDON_ROOT, ignore=ignore)
    shutil.copytree(RUNNER_SOURCE, destination / RUNNER_FOLDER)
    return destination


def run_engine(binary: Path, project: Path, log: Path, *args: str) -> int:
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run(
            [str(binary), *ENGINE_FLAGS, "--path", str(project), *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            timeout=TIMEOUT_S,
            check=False,
        )
    return done.returncode


@pytest.fixture(scope="module")
def outcome(tmp_path_factory: pytest.TempPathFactory) -> RunnerOutcome:
    try:
        binary = find_godot().path
    except ActionableError as error:
        pytest.fail(f"the engine tests need Godot: {error}", pytrace=False)
    workspace = tmp_path_factory.mktemp("coercion")
    project = make_project(workspace / "demo_project")
    # A fresh copy has no global class cache (.godot/global_script_class_cache.cfg) and no imported
    # textures: without this import, `class_name` globals such as PlayerStats do not resolve under --script.
    import_log = workspace / "import.log"
    if run_engine(binary, project, import_log, "--import") != 0:
        details = import_log.read_text("utf-8", errors="replace")
        pytest.fail(f"godot --import failed:\n{details}", pytrace=False)
    log = workspace / "roundtrip.log"
    return RunnerOutcome(run_engine(binary, project, log, "--script", RUNNER_SCRIPT), log)


def test_every_coercion_tag_round_trips(outcome: RunnerOutcome) -> None:
    passed = set(outcome.cases("PASS"))
    missing = [tag for tag in CONTRACT.coercion_tags if tag not in passed]
    assert not missing, f"no PASS line for {missing}:\n" + "\n".join(outcome.lines)


def test_every_case_passes_and_the_runner_exits_0(outcome: RunnerOutcome) -> None:
    assert outcome.cases("FAIL") == []
    assert outcome.returncode == 0, "\n".join(outcome.lines)


def test_the_run_logs_no_script_error(outcome: RunnerOutcome) -> None:
    assert engine_errors(outcome.log) == []
