"""A preset written while the project is open in an editor stays on disk: the editor reads
export_presets.cfg when it starts and writes it only from its Export dialog, so neither saving
everything nor going idle overwrites the new preset."""

from __future__ import annotations

import pytest
from mcp.client import Client

from godot_live_mcp.export._presets import read_presets
from godot_live_mcp.server_tools import ServerContext, export, group_entries
from tests.engine.authoring._helpers import call as call_editor
from tests.engine.harness import EngineEditor
from tests.engine.project_tests._calls import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_preset_written_beside_an_open_editor_survives_its_saves(
    engine_editor: EngineEditor, tools: Client
) -> None:
    project = engine_editor.project
    presets = project / "export_presets.cfg"
    before = presets.read_bytes() if presets.exists() else b""
    try:
        created = await call(
            group_entries(export.GROUP, ServerContext(lambda: project)),
            "export_create_preset",
            {"name": "Beside it"},
        )
        assert "reopen the project" in created["note"]
        await call_editor(tools, "editor_save_all", {})
        await call_editor(tools, "editor_wait_for_idle", {"scan": True})
        assert "Beside it" in [preset.name for preset in read_presets(project)]
    finally:
        if before:
            presets.write_bytes(before)
        else:
            presets.unlink(missing_ok=True)
