"""A game started by the first call of a session that launched its editor, on a project never opened
before, could start before the editor had imported the project's textures: the editor listens from its
plugin's start, a few frames ahead of its first scan and import, so the game loaded ``level.tscn``
while ``player.png`` had no imported texture yet (the errors went to the editor's log, and the player
had no sprite). Commands now wait for the first scan and import."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.harness import EngineEditor, copy_demo_project, engine_errors, mcp_client
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_the_first_call_after_a_launch_starts_the_game_on_imported_textures(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project")
    assert not (project / ".godot").exists()  # never imported: the editor imports it as it starts
    state = tmp_path / "state"  # the launched editor (and the game it runs) log under here
    async with mcp_client(
        engine_editor, "--launch", project=project, env={"XDG_STATE_HOME": str(state)}
    ) as client:
        started = await client.call_tool("game_start", {})
        sprite = structured(
            await client.call_tool("runtime_get_node", {"node_path": "Player/Sprite2D", "names": ["texture"]})
        )
        await client.call_tool("game_stop", {})
    logs = sorted((state / "godot-live-mcp" / "log").glob("*.log"))
    editor_logs.extend(logs)

    assert not started.is_error, started.content
    texture = {row["name"]: row for row in sprite["properties"]}["texture"]
    assert texture["value"] is not None, texture
    assert [line for log in logs for line in engine_errors(log)] == []
