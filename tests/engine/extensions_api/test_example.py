"""The ready-to-copy example extension (examples/extensions/level_notes.gd) works once copied into a
project: its notes are written (undoably), listed, saved and found again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.extensions_api._session import Plot, Session

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "extensions" / "level_notes.gd"


def test_the_example_is_inert_where_it_ships() -> None:
    assert (EXAMPLE.parent / ".gdignore").is_file()


async def test_the_copied_example_writes_lists_undoes_and_finds_notes(plot: Plot, live: Session) -> None:
    plot.plant("level_notes.gd", EXAMPLE.read_text("utf-8"))
    scene = f"{plot.res}/noted.tscn"
    await live.call("scene_create", {"path": scene, "root_class": "Node2D", "if_exists": "replace"})
    try:
        assert (await live.refresh())["added"] == ["LevelNotes"]
        await live.wait_listed(present=["notes_write", "notes_list", "notes_find"])
        await live.call("notes_write", {"node_path": ".", "text": "spawn here"})
        assert (await live.call("notes_list"))["notes"] == [{"node_path": ".", "text": "spawn here"}]
        await live.call("editor_undo", {"history": "scene", "scene": scene})
        assert (await live.call("notes_list"))["notes"] == []
        await live.call("notes_write", {"node_path": ".", "text": "boss room", "save": True})
        found = await live.call("notes_find", {"folder": plot.res})
        assert found["notes"] == [{"scene": scene, "text": "boss room"}]
    finally:
        await live.client.call_tool("scene_close", {"scene": scene, "discard_changes": True})
