"""Renaming a node silently broke `$HUD/ScoreLabel` in the scene's script (issue 16): node_rename now
names the paths it breaks, and update_references rewrites them."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, undo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/rename_broke_dollar_references"
SCENE = f"res://{FOLDER}/level.tscn"
SCRIPT = f"res://{FOLDER}/level.gd"
SOURCE = "extends Node2D\n\n\nfunc score() -> Label:\n\treturn $HUD/ScoreLabel\n"


@pytest.fixture
async def scene(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    """A level whose root script reaches HUD/ScoreLabel by $."""
    await call(tools, "scene_create", {"path": SCENE, "root_class": "Node2D", "if_exists": "replace"})
    await call(tools, "script_write", {"path": SCRIPT, "content": SOURCE, "if_exists": "replace"})
    await call(tools, "node_create", {"scene": SCENE, "class_name": "CanvasLayer", "name": "HUD"})
    await call(
        tools, "node_create", {"scene": SCENE, "class_name": "Label", "name": "ScoreLabel", "parent": "HUD"}
    )
    await call(tools, "script_attach", {"scene": SCENE, "node_path": ".", "path": SCRIPT})
    yield SCENE
    await tools.call_tool("scene_close", {"scene": SCENE, "discard_changes": True})
    await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


async def test_a_rename_names_and_fixes_the_dollar_paths_it_breaks(
    tools: Client, scene: str, engine_editor: EngineEditor
) -> None:
    told = await call(tools, "node_rename", {"scene": scene, "node_path": "HUD", "new_name": "Overlay"})
    assert told["references"] == [
        {"kind": "script", "at": f"{SCRIPT}:5", "path": "HUD/ScoreLabel", "new_path": "Overlay/ScoreLabel"}
    ]
    await undo(tools, "scene", scene)
    arguments = {"scene": scene, "node_path": "HUD", "new_name": "Panel", "update_references": True}
    fixed = await call(tools, "node_rename", arguments)
    assert fixed["scripts_updated"] == [SCRIPT]
    text = (engine_editor.project / FOLDER / "level.gd").read_text()
    assert "return $Panel/ScoreLabel\n" in text
