"""Fixtures the regression tests share."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, scratch_for
from tests.engine.authoring._scenes import close_quietly
from tests.engine.harness import EngineEditor
from tests.regressions._exported_demo import ExportedDemo, export_demo


@pytest.fixture
async def world(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[str]:
    """A fresh Node3D scene of the test's own, open in the editor; closed afterwards."""
    path = scratch_for(request, engine_editor.project).path("world.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node3D", "if_exists": "replace"})
    yield path
    await close_quietly(tools, path)


@pytest.fixture(scope="session")
async def exported_demo(
    tmp_path_factory: pytest.TempPathFactory, engine_editor: EngineEditor
) -> AsyncIterator[ExportedDemo]:
    """The demo project exported once with the tools' own preset, for the export regressions."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        yield await export_demo(tmp_path_factory.mktemp("export"), engine_editor, monkeypatch)
