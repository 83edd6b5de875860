"""The shell commands that talk to a live editor, run as a person runs them (the installed entry point)
against the session's real editor: ``call``, ``doctor``, ``instances`` and ``tools list|search|show``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.harness import EngineEditor
from tests.unit.cli.cli_process import Machine


@pytest.fixture(scope="module")
def machine(engine_editor: EngineEditor, tmp_path_factory: pytest.TempPathFactory) -> Machine:
    home = tmp_path_factory.mktemp("cli-home")
    return Machine(home, engine_editor.registry)


def test_call_prints_the_result_as_json_and_exits_zero(machine: Machine, engine_editor: EngineEditor) -> None:
    result = machine.run("call", "editor_get_info", "--project", str(engine_editor.project))

    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout)
    assert isinstance(info, dict)
    assert str(engine_editor.instance.godot_version).split(".")[0] in json.dumps(info)


def test_a_failed_call_exits_one_with_code_and_hint(machine: Machine, engine_editor: EngineEditor) -> None:
    arguments = json.dumps({"node_path": "NoSuchNodeAnywhere"})

    result = machine.run("call", "node_get", "--json", arguments, "--project", str(engine_editor.project))

    assert result.returncode == 1
    assert result.stdout == ""
    first_line = result.stderr.splitlines()[0]
    assert first_line.split(":", 1)[0].isupper(), result.stderr  # the error code comes first
    assert "NoSuchNodeAnywhere" in result.stderr
    assert "Hint:" in result.stderr


def test_call_reads_its_arguments_from_stdin(machine: Machine, engine_editor: EngineEditor) -> None:
    result = machine.run(
        "call", "classdb_get_class", "--json", "-", "--project", str(engine_editor.project),
        stdin='{"class_name": "Node2D"}',
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    assert "Node2D" in result.stdout


def test_doctor_reaches_the_live_editor_with_its_token(machine: Machine, engine_editor: EngineEditor) -> None:
    result = machine.run("doctor", "--project", str(engine_editor.project))

    lines = {line.split("│")[1].strip(): line for line in result.stdout.splitlines() if line.count("│") >= 3}
    assert "yes" in lines["Token readable"], result.stdout
    assert "yes" in lines["Editor reachable"], result.stdout
    assert f"port {engine_editor.instance.editor_port}" in result.stdout


def test_instances_lists_the_live_editor(machine: Machine, engine_editor: EngineEditor) -> None:
    result = machine.run("instances", "--json")

    assert result.returncode == 0, result.stderr
    listed = {Path(i["project_path"]).resolve(): i for i in json.loads(result.stdout)["instances"]}
    mine = listed[engine_editor.project.resolve()]
    assert mine["answering"] is True
    assert mine["pid"] == engine_editor.instance.pid
    assert mine["editor_port"] == engine_editor.instance.editor_port
    assert mine["headless"] is True


def test_tools_list_search_and_show_read_the_live_catalogue(
    machine: Machine, engine_editor: EngineEditor
) -> None:
    project = ("--project", str(engine_editor.project))

    listed = machine.run("tools", "list", "--json", *project)
    found = machine.run("tools", "search", "press", "a", "key", "in", "the", "game", "--json", *project)
    shown = machine.run("tools", "show", "scene_get_tree", "--json", *project)
    unknown = machine.run("tools", "show", "scene_get_tre", *project)

    assert listed.returncode == found.returncode == shown.returncode == 0, listed.stderr + found.stderr
    names = {row["name"]: row for row in json.loads(listed.stdout)}
    assert names["scene_get_tree"]["kind"] == "read-only"
    assert names["node_create"]["kind"] == "mutating"
    assert any(row["name"].startswith("input_") for row in json.loads(found.stdout)[:5])
    tool = json.loads(shown.stdout)
    assert tool["name"] == "scene_get_tree"
    assert tool["inputSchema"]["type"] == "object"
    assert unknown.returncode == 1
    assert "scene_get_tree" in unknown.stderr  # did you mean
