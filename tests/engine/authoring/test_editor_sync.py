"""editor.save_all and editor.wait_for_idle on the real editor."""

from __future__ import annotations

import shutil

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, scratch_for
from tests.engine.authoring._scenes import add, close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_save_all_writes_every_open_scene_with_a_path(
    tools: Client, scene: str, engine_editor: EngineEditor
) -> None:
    await add(tools, scene, "Node2D", "SavedByAll")
    done = await call(tools, "editor_save_all", {})
    assert scene in done["saved"]
    assert 'name="SavedByAll"' in (engine_editor.project / scene.removeprefix("res://")).read_text("utf-8")
    assert (await call(tools, "scene_get_current", {}))["scene"] == scene


async def test_save_all_names_a_scene_whose_folder_vanished_and_saves_the_others(
    tools: Client, scene: str, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> None:
    scratch = scratch_for(request, engine_editor.project)
    lost = scratch.path("lost/lost.tscn")
    await call(tools, "scene_create", {"path": lost, "if_exists": "replace"})
    try:
        await add(tools, scene, "Node2D", "StillSaved")
        shutil.rmtree(scratch.file("lost"))
        refused = await call_fails(tools, "editor_save_all", {}, "SAVE_FAILED")
        assert lost in refused["message"]
        assert "folder is gone" in refused["message"]
        assert 'name="StillSaved"' in scratch.file("scene.tscn").read_text("utf-8")
    finally:
        await close_quietly(tools, lost)
        await call(tools, "editor_wait_for_idle", {"scan": True})


async def test_wait_for_idle_returns_once_nothing_is_scanned(tools: Client) -> None:
    settled = await call(tools, "editor_wait_for_idle", {"scan": True, "timeout_ms": 30000})
    assert (settled["idle"], settled["scanned"]) == (True, True)
    assert 0 <= settled["waited_ms"] < 30000


async def test_wait_for_idle_reports_a_busy_editor_when_time_runs_out(tools: Client) -> None:
    busy = await call_fails(tools, "editor_wait_for_idle", {"scan": True, "timeout_ms": 0}, "EDITOR_BUSY")
    assert "timeout_ms" in busy["hint"]
    assert (await call(tools, "editor_wait_for_idle", {}))["idle"] is True
