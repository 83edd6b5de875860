"""Regression (issue 14): the file tools refuse to write under ``.godot/`` (the engine's own cache), but
``input_record {phase: "stop", path: "res://.godot/..."}`` saved the recording there from the running
game, which only checked that the path stayed in the project. A recording is written where the file tools
may write, and a refused stop leaves the recording running so it can be saved elsewhere."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
async def game(tools: Client) -> AsyncIterator[Client]:
    await call(tools, "game_start", {})
    try:
        yield tools
    finally:
        await call(tools, "game_stop", {})


async def test_a_recording_is_never_saved_under_the_engine_cache(
    game: Client, engine_editor: EngineEditor
) -> None:
    await call(game, "input_record", {"phase": "start"})
    refused = await call_fails(
        game, "input_record", {"phase": "stop", "path": "res://.godot/planted.tres"}, "PATH_DENIED"
    )
    saved = await call(game, "input_record", {"phase": "stop", "path": "user://mcp_recordings/kept.tres"})
    assert refused["message"].startswith("path:")
    assert ".godot" in refused["message"]
    assert not (engine_editor.project / ".godot" / "planted.tres").exists()
    assert saved["path"] == "user://mcp_recordings/kept.tres"
