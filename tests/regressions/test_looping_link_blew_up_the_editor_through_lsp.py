"""A folder link looping back into the project made any lsp_* call take the editor to 5 GB in 57 s
(issue 21): the engine's language server walks every folder of the project when its first client
initializes, following links. Now the addon refuses to open the language server while such a link
is there, naming it, and the editor stays small and serving; once the link is gone the tools work."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor, mcp_client
from tests.regressions._own_editor import own_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LEVEL = "res://scripts/level.gd"
GROWTH_LIMIT_KB = 400 * 1024  # the walk grew the editor by gigabytes


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> Iterator[EngineEditor]:
    with own_editor(tmp_path_factory.mktemp("lsp_loop"), editor_logs) as engine:
        yield engine


@pytest.fixture(scope="module")
async def client(editor: EngineEditor) -> AsyncIterator[Client]:
    async with mcp_client(editor) as connected:
        yield connected


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


async def test_a_looping_link_is_refused_by_name_and_the_editor_stays_small(
    editor: EngineEditor, client: Client
) -> None:
    await call(client, "script_list", {})  # the editor's own scan is over before the link appears
    before = rss_kb(editor.instance.pid)
    loop = editor.project / "mcp_loop"
    loop.mkdir()
    (loop / "up").symlink_to("..")  # planted while the editor runs, as a script or a person could
    try:
        refused = await call_fails(client, "lsp_symbols", {"path": LEVEL}, "LSP_UNAVAILABLE")
        assert "res://mcp_loop/up" in refused["message"]
        assert rss_kb(editor.instance.pid) - before < GROWTH_LIMIT_KB
        await call(client, "script_list", {})  # still serving
    finally:
        (loop / "up").unlink()
        loop.rmdir()
    found = await call(client, "lsp_symbols", {"path": LEVEL})
    assert found["total_symbols"] > 0
