from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.registry import (
    choose_instance,
    find_instance,
    live_instances,
    read_instances,
    same_path_key,
    wait_for_instance,
)
from tests.unit.instances.registry_files import dead_pid, entry, write_entry, write_projects


def test_projects_file_is_read_when_present(tmp_path: Path) -> None:
    write_projects(tmp_path, [entry(tmp_path / "a"), entry(tmp_path / "b")])
    write_entry(tmp_path, entry(tmp_path / "c"))
    assert sorted(i.project_path.name for i in read_instances(tmp_path)) == ["a", "b"]


@pytest.mark.parametrize("content", [None, "{not json", '{"schema": 1}', "[]"])
def test_entry_files_are_read_when_projects_file_is_missing_or_unreadable(
    tmp_path: Path, content: str | None
) -> None:
    if content is not None:
        (tmp_path / "projects.json").write_text(content, "utf-8")
    write_entry(tmp_path, entry(tmp_path / "c"))
    assert [i.project_path.name for i in read_instances(tmp_path)] == ["c"]


def test_malformed_entries_are_skipped(tmp_path: Path) -> None:
    write_entry(tmp_path, entry(tmp_path / "good", project_hash="000000000001"))
    write_entry(tmp_path, {**entry(tmp_path / "bad", project_hash="000000000002"), "editor_port": "x"})
    (tmp_path / "entries" / "garbage.json").write_text("{", "utf-8")
    assert [i.project_path.name for i in read_instances(tmp_path)] == ["good"]


def test_whole_floats_from_gdscript_are_integers(tmp_path: Path) -> None:
    write_entry(tmp_path, {**entry(tmp_path / "a"), "editor_port": 6551.0})
    assert read_instances(tmp_path)[0].editor_port == 6551


def test_runtime_entry_is_attached_to_its_editor(tmp_path: Path) -> None:
    record = entry(tmp_path / "a", project_hash="00000000000a")
    write_entry(tmp_path, record)
    runtime = {
        "schema": 1,
        "project_hash": "00000000000a",
        "runtime_port": 6570,
        "pid": 5,
        "token_path": "/t",
        "started_unix": 2.0,
    }
    write_entry(tmp_path, runtime, ".runtime")
    [instance] = read_instances(tmp_path)
    assert instance.runtime is not None
    assert instance.runtime.runtime_port == 6570


def test_only_entries_whose_process_runs_are_live(tmp_path: Path) -> None:
    write_entry(tmp_path, entry(tmp_path / "alive"))
    write_entry(tmp_path, entry(tmp_path / "dead", pid=dead_pid()))
    assert [i.project_path.name for i in live_instances(tmp_path)] == ["alive"]


def test_the_project_asked_for_wins_compared_by_resolved_path(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    write_entry(tmp_path, entry(real, started=1.0))
    write_entry(tmp_path, entry(tmp_path / "other", started=9.0))
    chosen = find_instance(link, tmp_path)
    assert chosen is not None
    assert chosen.project_path == real


def test_an_unknown_project_finds_nothing_even_with_other_editors_live(tmp_path: Path) -> None:
    write_entry(tmp_path, entry(tmp_path / "other"))
    assert find_instance(tmp_path / "wanted", tmp_path) is None


def test_without_a_project_the_most_recently_started_is_chosen(tmp_path: Path) -> None:
    write_entry(tmp_path, entry(tmp_path / "old", started=1.0))
    write_entry(tmp_path, entry(tmp_path / "new", started=5.0))
    chosen = choose_instance(read_instances(tmp_path), None)
    assert chosen is not None
    assert chosen.project_path.name == "new"


def test_without_a_project_the_only_one_is_chosen(tmp_path: Path) -> None:
    write_entry(tmp_path, entry(tmp_path / "only"))
    chosen = find_instance(None, tmp_path)
    assert chosen is not None
    assert chosen.project_path.name == "only"
    assert choose_instance([], None) is None


def test_same_path_key_ignores_dots_and_trailing_slashes(tmp_path: Path) -> None:
    assert same_path_key(tmp_path / "a" / ".." / "b") == same_path_key(Path(f"{tmp_path}/b/"))


@pytest.mark.anyio
async def test_wait_for_instance_sees_an_entry_written_while_waiting(tmp_path: Path) -> None:
    project = tmp_path / "p"
    polls = 0

    def write_on_second_poll() -> bool:
        nonlocal polls
        polls += 1
        if polls == 2:
            write_entry(tmp_path, entry(project, pid=4242))
        return True

    found = await wait_for_instance(
        project,
        4242,
        time.monotonic() + 10,
        tmp_path,
        keep_waiting=write_on_second_poll,
        poll_interval_s=0.001,
    )
    assert found is not None
    assert found.pid == 4242


@pytest.mark.anyio
async def test_wait_for_instance_ignores_an_entry_of_another_pid(tmp_path: Path) -> None:
    write_entry(tmp_path, entry(tmp_path / "p", pid=1))
    found = await wait_for_instance(
        tmp_path / "p", 2, time.monotonic() + 0.05, tmp_path, poll_interval_s=0.01
    )
    assert found is None


@pytest.mark.anyio
async def test_wait_for_instance_stops_when_told_to(tmp_path: Path) -> None:
    began = time.monotonic()
    found = await wait_for_instance(tmp_path / "p", None, began + 30, tmp_path, keep_waiting=lambda: False)
    assert found is None
    assert time.monotonic() - began < 1


def test_an_unreaped_dead_child_is_not_live(tmp_path: Path) -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        deadline = time.monotonic() + 10
        while pid_alive(child.pid) and time.monotonic() < deadline:
            time.sleep(0.01)  # polls the outcome; the child exits on its own
        assert not pid_alive(child.pid)
        assert child.returncode is None  # still unreaped: the zombie case
    finally:
        child.wait()
