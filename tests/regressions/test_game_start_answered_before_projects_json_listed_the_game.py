"""CI: ``game_start`` answered (the game's runtime entry existed) while ``projects.json`` had not yet been
rebuilt with the game's overlay, and the next runtime call failed with ``GAME_NOT_RUNNING``. The server
now reads the game's own entry file, the one ``game_start`` waits for."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.instances.runtime_entry import find_runtime
from tests.unit.instances.registry_files import write_entry, write_projects
from tests.unit.instances.test_runtime_entry import editor_record, runtime_record, the_editor


def test_a_game_whose_entry_is_written_is_found_before_projects_json_lists_it(tmp_path: Path) -> None:
    write_entry(tmp_path, editor_record(tmp_path))
    write_projects(tmp_path, [editor_record(tmp_path)])  # rebuilt before the game listened: no overlay
    write_entry(tmp_path, runtime_record(runtime_port=6580), ".runtime")

    game = find_runtime(the_editor(tmp_path), tmp_path)

    assert game is not None, "the game's own entry is enough"
    assert game.port == 6580
