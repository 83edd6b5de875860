"""Regression (issue 24): ``editor_undo`` without ``scene`` looked at the active tab and answered "The scene
history has nothing to undo", naming no scene; after ``node_create {scene: A}`` with tab B active, the
edit could not be undone without knowing where it went. Without a target it now steps the history this
session's last change landed in, and every answer names the scene it looked at."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, scratch_for
from tests.engine.authoring._scenes import add, close_quietly, tree
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
async def two_scenes(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[tuple[str, str]]:
    """Two fresh scenes open in the editor, the second one the active tab."""
    scratch = scratch_for(request, engine_editor.project)
    paths = (scratch.path("edited.tscn"), scratch.path("active.tscn"))
    for path in paths:
        await call(tools, "scene_create", {"path": path, "root_class": "Node2D", "if_exists": "replace"})
    yield paths
    for path in paths:
        await close_quietly(tools, path)


async def test_undo_without_scene_undoes_this_sessions_edit_in_another_tab(
    tools: Client, two_scenes: tuple[str, str]
) -> None:
    edited, active = two_scenes
    await add(tools, edited, "Node2D", "Crate")
    assert (await call(tools, "editor_get_info", {}))["current_scene"] == active

    undone = await call(tools, "editor_undo", {})

    assert (undone["history"], undone["scene"], undone["by_mcp"]) == ("scene", edited, True), undone
    assert "Crate" in undone["action"]
    assert not [path for path, _ in await tree(tools, edited) if "Crate" in path]


async def test_undo_after_a_global_change_steps_the_global_history(
    tools: Client, two_scenes: tuple[str, str]
) -> None:
    edited, _ = two_scenes
    await add(tools, edited, "Node2D", "Crate")
    setting = "mcp_tests/undo_without_scene/last"
    await call(tools, "project_set_setting", {"name": setting, "value": 1})

    undone = await call(tools, "editor_undo", {})

    assert (undone["history"], undone["scene"]) == ("global", ""), undone
    assert setting in undone["action"]


async def test_nothing_to_undo_names_the_scene_it_looked_at(
    tools: Client, two_scenes: tuple[str, str]
) -> None:
    _, active = two_scenes
    refused = await call_fails(tools, "editor_undo", {"scene": active}, "NOTHING_TO_UNDO")
    assert active in refused["message"], refused
    assert "scene_list_open" in refused["hint"], refused
