"""Regression (issue 21): ``runtime_step_until`` compiled its condition with Godot's ``Expression``, which
reaches every engine singleton: ``OS.execute('sh', ['-c', 'id > ...']) == 1`` ran a shell command in the
game of a server started without ``--allow-execute``. A condition is now a read-only expression of the
addon's own language: any call outside its short list, any engine singleton or class, is refused before
a frame runs, with INVALID_PARAMS, the place of the offending token and a hint naming execute_code."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture(scope="module")
async def game(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    """A game started through a server the person did not allow to run code."""
    async with mcp_client(engine_editor, allow_execute=False) as client:
        started = await client.call_tool("game_start", {})
        assert not started.is_error
        try:
            yield client
        finally:
            await client.call_tool("game_stop", {})


def ways_to_run(marker: Path) -> dict[str, str]:
    shell = f"['-c', 'id > {marker}']"
    return {
        "OS.execute": f"OS.execute('sh', {shell}) == 1",
        "a singleton fetched by name": f"Engine.get_singleton('OS').execute('sh', {shell}) == 1",
        "a method of a node": "$Player.call('queue_free') == null",
        "the tree": "get_tree().quit() == null",
        "a script loaded": "load('res://scripts/player.gd').new() == null",
        "a lambda": "(func(): return OS.execute('sh', []))() == 0",
    }


@pytest.mark.parametrize("way", list(ways_to_run(Path("x"))))
async def test_a_condition_that_runs_code_is_refused_before_any_frame(
    game: Client, tmp_path: Path, way: str
) -> None:
    marker = tmp_path / "ran"
    before = structured(await game.call_tool("runtime_pause", {}))

    refused = await game.call_tool(
        "runtime_step_until", {"condition": ways_to_run(marker)[way], "max_frames": 5}
    )

    details = failure(refused)
    assert details["code"] == "INVALID_PARAMS", details
    assert "at character" in details["message"]
    assert "execute_code" in details["hint"]
    assert "--allow-execute" in details["hint"]
    assert not marker.exists()
    after = structured(await game.call_tool("runtime_pause", {}))
    assert after["game_frame"] == before["game_frame"]
    assert structured(await game.call_tool("runtime_get_node", {"node_path": "Player", "names": ["name"]}))


async def test_a_read_only_condition_still_stops_the_game(game: Client) -> None:
    await game.call_tool("runtime_pause", {})
    stepped = structured(
        await game.call_tool("runtime_step_until", {"condition": "$Player.position.x > -1", "max_frames": 5})
    )
    assert (stepped["condition_met"], stepped["frames_stepped"]) == (True, 1)
