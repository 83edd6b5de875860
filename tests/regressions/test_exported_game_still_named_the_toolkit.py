"""An exported game held about 250 strings naming godot_live_mcp (the class cache, the uid cache and the
enabled editor plugins in project.binary) while the docs said no toolkit file ships. The game itself
lists what it sees, from inside the smoke run."""

from __future__ import annotations

import pytest

from tests.regressions._exported_demo import ExportedDemo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

_TOOLKIT = ("godot_live_mcp", "MCPToolkit", "mcp_test_extensions", "MCPRuntimeServer")


async def test_the_exported_game_sees_no_toolkit_entry(exported_demo: ExportedDemo) -> None:
    seen = exported_demo.seen
    assert "Player res://scripts/player.gd" in seen["classes"]  # the game's own classes are there
    assert "autoload/GameState=*res://autoload/game_state.gd" in seen["settings"]
    named = [
        entry
        for key in ("addons", "classes", "settings")
        for entry in seen[key]
        if any(t in entry for t in _TOOLKIT)
    ]
    assert named == []
    assert seen["toolkit_uid_known"] is False


async def test_the_pack_holds_no_byte_naming_the_toolkit(exported_demo: ExportedDemo) -> None:
    assert exported_demo.pack.read_bytes().count(b"godot_live_mcp") == 0
    # The editor's own caches are whole again after the export.
    assert b"godot_live_mcp" in (exported_demo.project / ".godot" / "uid_cache.bin").read_bytes()
    classes = (exported_demo.project / ".godot" / "global_script_class_cache.cfg").read_text()
    assert "MCPToolkitExtension" in classes
