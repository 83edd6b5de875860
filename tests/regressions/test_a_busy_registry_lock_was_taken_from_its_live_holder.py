"""Regression (issue 22 §4): on a busy machine ``test_projects_json_stays_whole_and_right`` once saw one of
two editors of a project missing from projects.json. The registry lock (addon ``instances/dir_lock.gd``)
was taken from any holder after 40 tries (40 frames, or about 1.8 s of sleeps), even a live holder a busy
machine had paused mid-rebuild; the two rebuilds then overlapped, and the releasing one removed the
other's lock. A stale projection could land after a fresh one. Now a live holder is waited for until it is
stale (10 s without a release), and a holder removes the lock only while it is still its own.

The proof is the GDScript unit ``tests/gdscript/test_dir_lock.gd``: it fails on the old lock."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gdscript.units import run_units

pytestmark = [pytest.mark.engine]


def test_the_registry_lock_waits_for_a_live_holder(tmp_path: Path) -> None:
    run = run_units(tmp_path, "test_dir_lock.gd::")
    assert run.counts == (4, 0), run.output
    assert run.returncode == 0, run.output
