from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.runtime_entry import find_runtime, live_games
from tests.unit.instances.registry_files import dead_pid, entry, write_entry

PROJECT_HASH = "0123456789ab"


def editor_record(registry: Path) -> dict[str, Any]:
    return entry(registry / "demo", project_hash=PROJECT_HASH)


def runtime_record(**fields: Any) -> dict[str, Any]:
    return {
        "schema": 1,
        "project_hash": PROJECT_HASH,
        "runtime_port": 6571,
        "pid": os.getpid(),
        "token_path": "/registry/tokens/0123456789ab.runtime.token",
        "started_unix": time.time(),
        **fields,
    }


def the_editor(registry: Path) -> EditorInstance:
    return EditorInstance.from_json(editor_record(registry))


def test_the_game_of_the_projects_overlay_is_an_endpoint_on_its_own_port_pid_and_token(
    tmp_path: Path,
) -> None:
    record = {**editor_record(tmp_path), "runtime": runtime_record(runtime_port=6571.0)}  # GDScript floats
    payload = {"schema": 1, "updated_unix": 1.0, "projects": {PROJECT_HASH: record}}
    (tmp_path / "projects.json").write_text(json.dumps(payload), "utf-8")
    game = find_runtime(the_editor(tmp_path), tmp_path)
    assert game is not None
    assert game.url == "ws://127.0.0.1:6571"
    assert game.token_path == Path("/registry/tokens/0123456789ab.runtime.token")
    assert game.project_path == tmp_path / "demo"


def test_while_projects_json_is_unreadable_the_entry_files_are_read(tmp_path: Path) -> None:
    write_entry(tmp_path, editor_record(tmp_path))
    write_entry(tmp_path, runtime_record(), ".runtime")
    game = find_runtime(the_editor(tmp_path), tmp_path)
    assert game is not None
    assert game.port == 6571
    assert game.role == "game"


def test_no_runtime_entry_means_no_game(tmp_path: Path) -> None:
    write_entry(tmp_path, editor_record(tmp_path))
    assert find_runtime(the_editor(tmp_path), tmp_path) is None


def test_an_entry_left_by_a_dead_game_is_ignored(tmp_path: Path) -> None:
    write_entry(tmp_path, editor_record(tmp_path))
    write_entry(tmp_path, runtime_record(pid=dead_pid()), ".runtime")
    assert find_runtime(the_editor(tmp_path), tmp_path) is None


def test_a_malformed_runtime_entry_is_ignored(tmp_path: Path) -> None:
    write_entry(tmp_path, editor_record(tmp_path))
    write_entry(tmp_path, runtime_record(runtime_port="six"), ".runtime")
    assert find_runtime(the_editor(tmp_path), tmp_path) is None


def keyed_game(registry: Path, launcher: int, port: int, started: float) -> str:
    """A keyed game entry (<hash>.runtime.<launcher>-<pid>.json) of a live process; its id."""
    game_id = f"{launcher}-{os.getpid()}{port}"  # one live pid stands for several games
    record = runtime_record(runtime_port=port, game_id=game_id, launcher_pid=launcher, started_unix=started)
    write_entry(registry, record, f".runtime.{game_id}")
    return game_id


def test_an_editor_finds_the_game_it_launched_not_another_editors(tmp_path: Path) -> None:
    write_entry(tmp_path, editor_record(tmp_path))
    editor = the_editor(tmp_path)
    keyed_game(tmp_path, editor.pid + 1, 6572, started=3.0)  # newer, but another editor's
    keyed_game(tmp_path, editor.pid, 6571, started=1.0)
    keyed_game(tmp_path, editor.pid, 6573, started=2.0)  # its newest
    game = find_runtime(editor, tmp_path)
    assert game is not None
    assert game.port == 6573


def test_any_game_of_the_project_is_found_by_its_id(tmp_path: Path) -> None:
    write_entry(tmp_path, editor_record(tmp_path))
    editor = the_editor(tmp_path)
    theirs = keyed_game(tmp_path, editor.pid + 1, 6572, started=1.0)
    by_id = find_runtime(editor, tmp_path, theirs)
    assert by_id is not None
    assert by_id.port == 6572
    assert find_runtime(editor, tmp_path, "1-2") is None
    assert [game.game_id for game in live_games(editor, tmp_path)] == [theirs]
