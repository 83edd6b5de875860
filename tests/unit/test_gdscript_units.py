"""The GDScript unit tests (tests/gdscript) pass in a plain headless Godot, without an editor."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import ActionableError
from godot_live_mcp.godot.locator import find_godot
from tests.gdscript.units import run_units


def test_every_gdscript_unit_test_passes(tmp_path: Path) -> None:
    try:
        find_godot()
    except ActionableError as error:
        pytest.fail(f"the GDScript unit tests need Godot: {error}", pytrace=False)
    run = run_units(tmp_path)
    counts = run.counts
    assert counts is not None, f"the runner ended without its closing line:\n{run.output}"
    passed, failed = counts
    assert failed == 0, run.output
    assert run.returncode == 0, run.output
    assert passed > 0, run.output
