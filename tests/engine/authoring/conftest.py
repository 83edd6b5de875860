"""Fixtures every authoring test module gets without importing them: the test's own scratch folder
(tidied after its module) and a fresh scene of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, module_folder, scratch_for
from tests.engine.authoring._scenes import close_quietly
from tests.engine.harness import EngineEditor


@pytest.fixture
def scratch(request: pytest.FixtureRequest, engine_editor: EngineEditor, tidy_scratch: None) -> Scratch:
    """The test's own folder; the module's folders go when its last test is done (see tidy_scratch)."""
    return scratch_for(request, engine_editor.project)


@pytest.fixture(scope="module")
async def tidy_scratch(
    request: pytest.FixtureRequest, tools: Client, engine_editor: EngineEditor
) -> AsyncIterator[None]:
    """Deletes res://tests_tmp/<test module> after the module, through the editor so it sees the change."""
    yield
    module = module_folder(request)
    if (engine_editor.project / "tests_tmp" / module).is_dir():
        await call(tools, "folder_delete", {"path": f"res://tests_tmp/{module}", "recursive": True})


@pytest.fixture
async def scene(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[str]:
    """A new Node2D scene of the test's own (res://tests_tmp/<test>/scene.tscn), active; closed at the end."""
    path = scratch_for(request, engine_editor.project).path("scene.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node2D", "if_exists": "replace"})
    yield path
    await close_quietly(tools, path)
