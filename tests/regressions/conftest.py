"""Fixtures the regression tests share."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, scratch_for
from tests.engine.authoring._scenes import close_quietly
from tests.engine.harness import EngineEditor


@pytest.fixture
async def world(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[str]:
    """A fresh Node3D scene of the test's own, open in the editor; closed afterwards."""
    path = scratch_for(request, engine_editor.project).path("world.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node3D", "if_exists": "replace"})
    yield path
    await close_quietly(tools, path)
