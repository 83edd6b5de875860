"""Fuzz: generated paths against every tool that reads, lists, writes, moves or deletes files.

An escape is a read that returns the canary kept outside the project, a listing that shows it, or any
change outside the project; lost data is a project file that changed or went missing. Read tools run
in read-only mode too (the same guard must hold there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import CANARY, Driver, Stage, call_outcome
from tests.security.strategies import hostile_path, write_target

pytestmark = pytest.mark.engine

CALL_TIMEOUT_S = 10.0
FUZZ = settings(
    max_examples=examples(100),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
READS: list[tuple[str, Callable[[str], dict[str, Any]]]] = [
    ("file_read", lambda path: {"path": path}),
    ("file_read", lambda path: {"path": path, "encoding": "base64"}),
    ("file_list", lambda path: {"path": path, "recursive": True}),
    ("file_search", lambda path: {"query": "CANARY", "path": path}),
    ("resource_get", lambda path: {"path": path}),
    ("script_read", lambda path: {"path": path}),
    ("scene_open", lambda path: {"path": path}),
]
WRITES: list[tuple[str, Callable[[str], dict[str, Any]]]] = [
    ("file_write", lambda path: {"path": path, "content": "fuzz", "if_exists": "overwrite"}),
    ("file_delete", lambda path: {"path": path}),
    ("file_move", lambda path: {"path": "res://fuzz/note.txt", "to": path}),
    ("file_move", lambda path: {"path": path, "to": "res://fuzz/moved.txt"}),
    ("folder_create", lambda path: {"path": path}),
    ("folder_delete", lambda path: {"path": path, "recursive": True}),
    ("scene_create", lambda path: {"path": path if path.endswith(".tscn") else path + ".tscn"}),
]


@given(index=st.integers(min_value=0, max_value=len(READS) - 1), path=hostile_path)
@FUZZ
def test_fuzz_reads_never_leave_the_project(
    driver: Driver, stage: Stage, campaign: Campaign, index: int, path: str
) -> None:
    if driver.stuck:
        return
    tool, arguments = READS[index]
    answer = call_outcome(driver, tool, arguments(path), CALL_TIMEOUT_S)
    outcome = answer.outcome
    if outcome is Outcome.ACCEPTED and (CANARY in answer.text or "outside_canary" in answer.text):
        outcome = Outcome.ESCAPE
    campaign.record("paths: reads, listings, searches", outcome, f"{tool} {path!r}")


@given(index=st.integers(min_value=0, max_value=len(WRITES) - 1), path=write_target)
@settings(FUZZ, max_examples=examples(60))
def test_fuzz_writes_moves_and_deletes_never_leave_the_project(
    driver: Driver, stage: Stage, campaign: Campaign, index: int, path: str
) -> None:
    if driver.stuck:
        return
    tool, arguments = WRITES[index]
    outside_before = stage.outside_state()
    outcome = call_outcome(driver, tool, arguments(path), CALL_TIMEOUT_S).outcome
    if stage.outside_state() != outside_before:
        outcome = Outcome.ESCAPE
    elif stage.lost():
        outcome = Outcome.LOST_DATA
    campaign.record("paths: writes, moves, deletes", outcome, f"{tool} {path!r}")
    restore_fuzz_note(stage)


def restore_fuzz_note(stage: Stage) -> None:
    """file_move takes fuzz/note.txt away on purpose; put it back for the next example."""
    note = stage.project / "fuzz" / "note.txt"
    if not note.exists() and note.parent.is_dir():
        note.write_text("inside\n", "utf-8")


def test_the_path_campaign_found_nothing(stage: Stage, campaign: Campaign) -> None:
    for name in ("paths: reads, listings, searches", "paths: writes, moves, deletes"):
        tally = campaign.tally(name)
        assert tally.tried > 0, name
        assert tally.failures == 0, (name, tally.examples)
    assert stage.lost() == []
