"""``godot-live-mcp instances`` and ``call`` through the entry point, on a registry written the way the
addon writes it: live entries listed, entries of processes that are gone pruned, no editor reported."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.unit.cli.cli_process import Machine, make_machine, make_project
from tests.unit.instances.registry_files import dead_pid, entry, write_entry, write_projects


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return make_machine(tmp_path)


@pytest.fixture
def listening_port() -> Iterator[int]:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield server.getsockname()[1]


def test_lists_live_editors_and_prunes_the_dead(
    machine: Machine, tmp_path: Path, listening_port: int
) -> None:
    alive = entry(make_project(tmp_path / "alive"), editor_port=listening_port, started=2000.0)
    gone = entry(make_project(tmp_path / "gone"), pid=dead_pid(), started=1000.0)
    write_entry(machine.registry, alive)
    gone_file = write_entry(machine.registry, gone)
    write_projects(machine.registry, [alive, gone])

    result = machine.run("instances", "--json")

    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    assert [i["project_path"] for i in listed["instances"]] == [alive["project_path"]]
    only = listed["instances"][0]
    assert (only["pid"], only["editor_port"], only["answering"]) == (os.getpid(), listening_port, True)
    assert (only["godot_version"], only["addon_version"], only["headless"]) == ("4.6.3", "0.1.0", True)
    assert only["game"] is None
    assert str(gone_file) in listed["pruned"]
    assert not gone_file.exists()


def test_a_port_nobody_listens_on_is_shown_as_not_answering(
    machine: Machine, tmp_path: Path, listening_port: int
) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    write_entry(machine.registry, entry(make_project(tmp_path / "stuck"), editor_port=closed_port))

    table = machine.run("instances")

    assert table.returncode == 0, table.stderr
    assert f"{closed_port} (not answering)" in table.stdout
    assert "stuck" in table.stdout


def test_no_editor_is_said_plainly(machine: Machine) -> None:
    table = machine.run("instances")
    call = machine.run("call", "editor_get_info")

    assert table.returncode == 0
    assert "No live Godot editor is registered" in table.stdout
    assert call.returncode == 1
    assert "No live Godot editor is registered" in call.stderr
    assert "godot-live-mcp instances" in call.stderr


def test_call_refuses_arguments_that_are_not_an_object(machine: Machine) -> None:
    result = machine.run("call", "node_get", "--json", "[1, 2]")

    assert result.returncode == 2
    assert "--json must be a JSON object" in result.stderr
