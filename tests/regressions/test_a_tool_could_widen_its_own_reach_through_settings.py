"""Review of issue 16: ``project_set_setting`` could write ``godot_live_mcp/assets/import_from`` or the
secret-file settings, so a model could let itself import from any folder or read secrets. Those settings
are a person's to change."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("godot_live_mcp/assets/import_from", ["/"]),
        ("godot_live_mcp/export/output_folders", ["/"]),
        ("godot_live_mcp/security/allow_secret_files", True),
        ("godot_live_mcp/security/secret_files", ""),
    ],
)
async def test_settings_that_widen_the_tools_reach_are_refused(
    tools: Client, name: str, value: object
) -> None:
    before = await call(tools, "project_list_settings", {"prefix": "godot_live_mcp/"})

    refused = await call_fails(
        tools, "project_set_setting", {"name": name, "value": value}, "PERMISSION_DENIED"
    )

    assert "person" in refused["message"]
    assert "Project Settings" in refused["hint"]
    assert await call(tools, "project_list_settings", {"prefix": "godot_live_mcp/"}) == before
