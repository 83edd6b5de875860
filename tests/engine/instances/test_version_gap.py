"""An addon that speaks another editor protocol than the server, older or newer: a call answers
VERSION_UNSUPPORTED naming both versions and the command that fixes that side (the dock's side of it
is in tests/engine/rendering/test_editor_dock.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from godot_live_mcp.contract import CONTRACT
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def speaking(project: Path, protocol: int) -> Path:
    contract = project / "addons" / "godot_live_mcp" / "contract" / "contract.json"
    data = json.loads(contract.read_text("utf-8"))
    data["protocol_version"] = protocol
    contract.write_text(json.dumps(data, indent=2), "utf-8")
    return project


@pytest.mark.parametrize(
    ("step", "fix"),
    [(-1, "The addon is older: run `godot-live-mcp install-addon --force"), (1, "upgrade the server")],
)
async def test_an_addon_of_another_protocol_is_version_unsupported_with_the_fix_for_its_side(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path], step: int, fix: str
) -> None:
    protocol = CONTRACT.protocol_version + step
    project = speaking(copy_demo_project(tmp_path / "project", test_extensions=False), protocol)
    editor = start_editor(project, engine_editor.env, tmp_path / "editor.log", editor_logs)
    try:
        await editor.wait_ready(120)
        async with mcp_client(engine_editor, project=project) as client:
            refused = failure(await client.call_tool("editor_get_info", {}))
    finally:
        editor.stop()

    assert refused["code"] == "VERSION_UNSUPPORTED"
    assert f"speaks editor protocol {protocol}; this server" in refused["message"]
    assert f"speaks {CONTRACT.protocol_version}." in refused["message"]
    assert fix in refused["hint"]
    assert str(project) in refused["hint"]
