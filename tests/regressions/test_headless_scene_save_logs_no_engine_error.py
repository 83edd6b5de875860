"""Regression (issue 9): every scene_save in a headless editor logged the engine error
`Parameter "t" is null` (the editor's thumbnail step reads a viewport texture a headless editor
does not have), and an assistant reading the editor log for errors chased it. game_start did the
same through the editor's save before running."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call
from tests.engine.authoring._scenes import add, close_quietly
from tests.engine.harness import EngineEditor, engine_errors

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "res://tests_tmp/headless_scene_save"


@pytest.fixture
async def folder(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    yield FOLDER
    if (engine_editor.project / "tests_tmp" / "headless_scene_save").is_dir():
        await call(tools, "folder_delete", {"path": FOLDER, "recursive": True})


def log_tail(engine_editor: EngineEditor, offset: int, copy: Path) -> Path:
    """What the editor logged from byte offset on, copied to copy (for engine_errors)."""
    with engine_editor.log_path.open("rb") as log:
        log.seek(offset)
        copy.write_bytes(log.read())
    return copy


# The thumbnail comes from the 2D viewport when 2D nodes outnumber 3D ones, else from the 3D editor's.
@pytest.mark.parametrize(
    ("root_class", "child_class"), [("Node2D", "Sprite2D"), ("Node3D", "MeshInstance3D")]
)
async def test_saving_a_scene_leaves_the_editor_log_free_of_errors(
    tools: Client, engine_editor: EngineEditor, folder: str, tmp_path: Path, root_class: str, child_class: str
) -> None:
    path, copy = f"{folder}/{root_class}.tscn", f"{folder}/{root_class}_copy.tscn"
    start = engine_editor.log_path.stat().st_size
    await call(tools, "scene_create", {"path": path, "root_class": root_class, "if_exists": "replace"})
    await add(tools, path, child_class, "Shown")
    saved = await call(tools, "scene_save", {"scene": path})
    copied = await call(tools, "scene_save_as", {"scene": path, "path": copy, "if_exists": "replace"})
    await close_quietly(tools, copy)
    logged = log_tail(engine_editor, start, tmp_path / "editor.log")
    assert (saved["saved"], copied["saved"]) == (True, True)
    assert 'Parameter "t" is null' not in logged.read_text("utf-8", errors="replace")
    assert engine_errors(logged) == []
    written = engine_editor.project / "tests_tmp" / "headless_scene_save" / f"{root_class}.tscn"
    assert '[node name="Shown"' in written.read_text("utf-8")


async def test_starting_the_game_with_unsaved_changes_saves_them_without_errors(
    tools: Client, engine_editor: EngineEditor, folder: str, tmp_path: Path
) -> None:
    path = f"{folder}/played.tscn"
    await call(tools, "scene_create", {"path": path, "if_exists": "replace"})
    await add(tools, path, "Sprite2D", "Unsaved")
    start = engine_editor.log_path.stat().st_size
    try:
        await call(tools, "game_start", {})
    finally:
        await tools.call_tool("game_stop", {})
    listed = await call(tools, "scene_list_open", {})
    await close_quietly(tools, path)
    logged = log_tail(engine_editor, start, tmp_path / "editor.log")
    assert {scene["path"]: scene["unsaved"] for scene in listed["scenes"]}[path] is False
    assert engine_errors(logged) == []
    written = engine_editor.project / "tests_tmp" / "headless_scene_save" / "played.tscn"
    assert '[node name="Unsaved"' in written.read_text("utf-8")
