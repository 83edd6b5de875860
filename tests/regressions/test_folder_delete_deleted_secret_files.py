"""Regression (issue 21): folder_delete with recursive removed a folder and the secret files in it (a .env,
a key), which every other tool refuses to touch one by one. It now refuses the folder with
PERMISSION_DENIED naming the secret file, and deletes nothing."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, scratch_for
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_folder_holding_a_secret_file_is_refused_and_kept(
    request: pytest.FixtureRequest, engine_editor: EngineEditor, tools: Client
) -> None:
    scratch = scratch_for(request, engine_editor.project)
    await call(tools, "file_write", {"path": scratch.path("keys/readme.txt"), "content": "deploy keys"})
    secret = scratch.file("keys/.env.production")
    secret.write_text("API_TOKEN=abcd1234efgh5678\n", "utf-8")  # planted: no tool may write it
    try:
        refused = await call_fails(
            tools, "folder_delete", {"path": scratch.res, "recursive": True}, "PERMISSION_DENIED"
        )
        assert scratch.path("keys/.env.production") in refused["message"]
        assert secret.is_file()
        assert scratch.file("keys/readme.txt").is_file()
    finally:
        secret.unlink()
    deleted = await call(tools, "folder_delete", {"path": scratch.res, "recursive": True})
    assert deleted["deleted_files"] == 1
    assert not scratch.disk.exists()
