"""Which live editor a call goes to: by project path or name, the session's choice, the server's own;
refused with the choices when that would be a guess; of two editors on one project, the one the server
launched, else the most recent, and why."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.registry import choose_instance, live_instances, why_chosen
from godot_live_mcp.server.editor_roster import EditorRoster
from tests.unit.fakes.sources import FixedSource
from tests.unit.instances.registry_files import entry, write_entry


@pytest.fixture
def other_pid() -> Iterator[int]:
    """A second live process to stand for a second editor."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield child.pid
    child.kill()
    child.wait()


def register(registry: Path, project: Path, pid: int, started: float, name: str, stem: str = "") -> None:
    record = entry(
        project, pid=pid, started=started, project_name=name, project_hash=f"{abs(hash(project)):012x}"[:12]
    )
    write_entry(registry, record, stem)


def roster(registry: Path, project: Path | None = None) -> EditorRoster:
    return EditorRoster(EditorLink(FixedSource(None)), project=project, registry=registry)


def test_a_project_is_named_by_path_or_by_name(tmp_path: Path, other_pid: int) -> None:
    registry = tmp_path / "registry"
    register(registry, tmp_path / "alpha", os.getpid(), 1.0, "Alpha Game")
    register(registry, tmp_path / "beta", other_pid, 2.0, "Beta Game")
    chooser = roster(registry)
    live = chooser.live()

    assert chooser.choose(str(tmp_path / "alpha"), live).pid == os.getpid()
    assert chooser.choose("beta game", live).pid == other_pid
    assert chooser.choose("beta", live).pid == other_pid  # the folder's name
    with pytest.raises(ToolError) as unknown:
        chooser.choose("gamma", live)
    assert unknown.value.code == ErrorCode.EDITOR_NOT_RUNNING
    assert "Alpha Game" in unknown.value.message
    assert "Beta Game" in unknown.value.message


def test_a_call_that_does_not_say_is_refused_with_the_choices(tmp_path: Path, other_pid: int) -> None:
    registry = tmp_path / "registry"
    register(registry, tmp_path / "alpha", os.getpid(), 1.0, "Alpha")
    register(registry, tmp_path / "beta", other_pid, 2.0, "Beta")
    live = live_instances(registry)

    with pytest.raises(ToolError) as guess:
        roster(registry).resolve(None, None, live)
    assert guess.value.code == ErrorCode.INSTANCE_AMBIGUOUS
    assert f"project={str(tmp_path / 'alpha')!r}" in guess.value.message
    assert "editor_select_instance" in guess.value.hint
    assert roster(registry).resolve(None, other_pid, live).pid == other_pid  # type: ignore[union-attr]
    assert roster(registry, project=tmp_path / "alpha").resolve(None, None, live) is None  # the server's own


def test_one_live_editor_needs_no_project(tmp_path: Path) -> None:
    registry = tmp_path / "registry"
    register(registry, tmp_path / "alpha", os.getpid(), 1.0, "Alpha")

    assert roster(registry).resolve(None, None, live_instances(registry)) is None


def test_of_two_editors_on_one_project_the_launched_one_else_the_most_recent(
    tmp_path: Path, other_pid: int
) -> None:
    registry = tmp_path / "registry"
    project = tmp_path / "alpha"
    register(registry, project, os.getpid(), 1.0, "Alpha")
    register(registry, project, other_pid, 2.0, "Alpha", stem=f".{other_pid}")
    live = live_instances(registry)

    assert len(live) == 2  # distinct entries, one project
    newest = choose_instance(live, project)
    launched = choose_instance(live, project, prefer_pid=os.getpid())
    assert newest is not None
    assert launched is not None
    assert newest.pid == other_pid
    assert launched.pid == os.getpid()
    assert why_chosen(newest, live) == (
        f"2 editors have {project} open: using pid {other_pid}, the most recently started "
        f"(not pid {os.getpid()})"
    )
    assert "the one this server launched" in why_chosen(launched, live, os.getpid())
    assert roster(registry).resolve(None, None, live) is None  # one project: not a guess
