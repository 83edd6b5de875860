"""Regression (issue 21): a file that is not UTF-8 text (a binary with NUL bytes, a save file, a texture
with a text chunk) came back from file_read as raw base64, secrets included: the scrubber only read text.
Binary data is now scrubbed in place, each run of printable ASCII in it as text, whole before paging."""

from __future__ import annotations

import base64

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, scratch_for
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

GITHUB = "ghp_" + "B8" * 18
ASSIGNED = "abcd1234efgh5678"
HEADER = bytes([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])
PAYLOAD = (
    HEADER
    + b"tEXt\0"
    + f'api_key = "{ASSIGNED}"'.encode()
    + bytes(64)
    + b"\xc8\xff"
    + GITHUB.encode()
    + b"\0\x07"
)


async def test_a_binary_file_is_read_with_its_secrets_redacted(
    request: pytest.FixtureRequest, engine_editor: EngineEditor, tools: Client
) -> None:
    scratch = scratch_for(request, engine_editor.project)
    scratch.disk.mkdir(parents=True)
    scratch.file("save.bin").write_bytes(PAYLOAD)
    try:
        read = await call(tools, "file_read", {"path": scratch.path("save.bin"), "encoding": "base64"})
        content = base64.b64decode(read["content"])
        assert GITHUB.encode() not in content
        assert ASSIGNED.encode() not in content
        assert b"[REDACTED:github_token]" in content
        assert content.startswith(HEADER)  # the bytes around a secret are kept
        assert content.endswith(b"\0\x07")
    finally:
        scratch.file("save.bin").unlink()
        scratch.disk.rmdir()
