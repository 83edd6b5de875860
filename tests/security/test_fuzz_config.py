"""Fuzz: every file tool aimed at the server's own configuration (``.godot-live-mcp/``), however spelled,
directly or through a link that stays inside the project. Only a person edits it: any change there is an
escape (the model widened its own reach)."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import Driver, Stage, call_outcome, digest_of

pytestmark = pytest.mark.engine

CATEGORY = "reach: the server's own configuration"
CALL_TIMEOUT_S = 10.0
CONFIG = ".godot-live-mcp"
_FILES = ["config.toml", "plugins.toml", "prompts/build.md", "new.toml", "trust.toml", ""]
_SPELLINGS = [
    f"res://{CONFIG}/",
    f"res://./{CONFIG}/",
    f"res://{CONFIG}/./",
    f"res:///{CONFIG}/",
    f"res://{CONFIG}//",
    "res://fuzz/config_link/",
    "res://fuzz/config_link/./",
]
target = st.builds(lambda root, name: root + name, st.sampled_from(_SPELLINGS), st.sampled_from(_FILES))
TOOLS: list[tuple[str, Callable[[str], dict[str, Any]]]] = [
    (
        "file_write",
        lambda p: {"path": p, "content": "[serve]\nallow_execute = true\n", "if_exists": "replace"},
    ),
    ("file_delete", lambda p: {"path": p}),
    ("file_move", lambda p: {"path": p, "to": "res://fuzz/moved_config.toml"}),
    ("file_move", lambda p: {"path": "res://fuzz/note.txt", "to": p, "if_exists": "replace"}),
    ("folder_delete", lambda p: {"path": p, "recursive": True}),
    ("folder_create", lambda p: {"path": p + "_folder"}),
    ("resource_create", lambda p: {"path": p + ".tres", "class_name": "Gradient", "if_exists": "replace"}),
    ("script_write", lambda p: {"path": p + ".gd", "content": "extends Node\n", "if_exists": "replace"}),
]


_PERSON_WROTE = {"config.toml": "[serve]\n", "plugins.toml": "", "prompts/build.md": "Build a level.\n"}


@pytest.fixture(scope="module", autouse=True)
def configuration(stage: Stage) -> Iterator[Path]:
    """A person's configuration folder and a link to it from inside the project; what a person wrote
    there is put back afterwards, so that a campaign that got through does not break the next serve."""
    folder = stage.project / CONFIG
    kept = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}  # the stage's own
    write_configuration(folder)
    link = stage.project / "fuzz" / "config_link"
    if not link.is_symlink():
        link.symlink_to(f"../{CONFIG}", target_is_directory=True)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)
    write_configuration(folder)
    for path, data in kept.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def write_configuration(folder: Path) -> None:
    for name, text in _PERSON_WROTE.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, "utf-8")


def state_of(folder: Path) -> list[tuple[str, str]]:
    return sorted((str(p.relative_to(folder)), digest_of(p)) for p in folder.rglob("*"))


@given(index=st.integers(min_value=0, max_value=len(TOOLS) - 1), path=target)
@settings(
    max_examples=examples(80),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_fuzz_no_tool_changes_the_servers_configuration(
    driver: Driver, stage: Stage, campaign: Campaign, configuration: Path, index: int, path: str
) -> None:
    if driver.stuck:
        return
    tool, arguments = TOOLS[index]
    before = state_of(configuration)
    outcome = call_outcome(driver, tool, arguments(path), CALL_TIMEOUT_S).outcome
    if state_of(configuration) != before:
        outcome = Outcome.ESCAPE
    campaign.record(CATEGORY, outcome, f"{tool} {path!r}")
    note = stage.project / "fuzz" / "note.txt"
    if not note.exists():
        note.write_text("inside\n", "utf-8")


def test_the_configuration_campaign_found_nothing(campaign: Campaign) -> None:
    tally = campaign.tally(CATEGORY)
    assert tally.tried > 0
    assert tally.failures == 0, tally.examples
