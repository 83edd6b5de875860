"""Regression (issue 21): .envrc and an editor's backup or swap of a secret file (.env~, .env.bak,
secrets.json.swp) were not secret files, so file_read returned them. Every name contract.json
secret_files lists is now matched, and so is the original name behind an editor's backup marks."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call_fails, scratch_for
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

NAMES = (".envrc", ".env~", ".env.bak", ".env.swp", ".secrets.json.swp", "server.pem.orig")


async def test_envrc_and_backups_of_secret_files_are_refused(
    request: pytest.FixtureRequest, engine_editor: EngineEditor, tools: Client
) -> None:
    scratch = scratch_for(request, engine_editor.project)
    scratch.disk.mkdir(parents=True)
    for name in NAMES:
        scratch.file(name).write_text("export API_TOKEN=abcd1234efgh5678\n", "utf-8")
    try:
        for name in NAMES:
            refused = await call_fails(tools, "file_read", {"path": scratch.path(name)}, "PATH_DENIED")
            assert "secret file" in refused["message"], name
    finally:
        for name in NAMES:
            scratch.file(name).unlink()
        scratch.disk.rmdir()
