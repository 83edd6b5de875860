"""The 3D level of tests/engine/fixtures/level_3d/ written into a live project through the editor."""

from __future__ import annotations

from pathlib import Path

from mcp.client import Client

from tests.engine.authoring._helpers import call

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "level_3d"
# The folder the fixture's own res:// paths name; write_level moves them to the folder it writes to.
HOME = "res://level_3d/"
SCENE = "level_3d.tscn"
# Scripts first, then the scene the level instances, then the level.
FILES = ("level_3d.gd", "player_3d.gd", "coin_3d.gd", "enemy_3d.gd", "enemy_3d.tscn", SCENE)


def fixture_text(name: str, folder: str) -> str:
    """A fixture file with its res:// paths moved into ``folder``."""
    return (FIXTURE / name).read_text("utf-8").replace(HOME, f"{folder}/")


async def write_level(client: Client, folder: str) -> str:
    """Write the level into ``folder`` (a res:// path) with file_write and open it; its res:// path."""
    for name in FILES:
        await call(client, "file_write", {"path": f"{folder}/{name}", "content": fixture_text(name, folder)})
    await call(client, "editor_wait_for_idle", {})
    scene = f"{folder}/{SCENE}"
    opened = await call(client, "scene_open", {"path": scene})
    assert not opened.get("broken_dependencies"), opened
    return scene
