"""The project-wide lsp_symbols search walked into links (issue 21): a script link, or a folder link, in
the project that leads out of it had the editor's language server read the outside file, and its names
came back, in read-only mode too. Now the walk never enters a folder link, a file link counts only when
it leads to a regular file inside the project, and a location outside the project is never returned."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor, mcp_client
from tests.regressions._own_editor import own_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LINKS = "res://mcp_lsp_links"
OUTSIDE_SCRIPT = (
    "extends Node\n\nconst LEAKED_OUTSIDE_KEY := 1\n\n\nfunc leaked_outside_call() -> void:\n\tpass\n"
)


def plant(project: Path) -> None:
    outside = project.parent / "outside"
    outside.mkdir()
    (outside / "leak.gd").write_text(OUTSIDE_SCRIPT, "utf-8")
    links = project / "mcp_lsp_links"
    links.mkdir()
    (links / "out").symlink_to(outside)
    (links / "leak_link.gd").symlink_to(outside / "leak.gd")


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> Iterator[EngineEditor]:
    with own_editor(tmp_path_factory.mktemp("lsp_links"), editor_logs, plant) as engine:
        yield engine


@pytest.fixture(scope="module", params=["writable", "read-only"])
async def client(editor: EngineEditor, request: pytest.FixtureRequest) -> AsyncIterator[Client]:
    args = ("--read-only",) if request.param == "read-only" else ()
    async with mcp_client(editor, *args) as connected:
        yield connected


async def test_the_project_search_finds_nothing_outside(client: Client) -> None:
    found = await call(client, "lsp_symbols", {"query": "leaked"})
    assert found["total_symbols"] == 0, found["symbols"]
    every = await call(client, "lsp_symbols", {"limit": 10000})
    assert every["total_symbols"] > 0  # the project's own scripts are still searched
    assert not any(str(entry["path"]).startswith(f"{LINKS}/") for entry in every["symbols"])


@pytest.mark.parametrize("path", [f"{LINKS}/leak_link.gd", f"{LINKS}/out/leak.gd"])
async def test_a_script_reached_through_a_link_out_is_refused(client: Client, path: str) -> None:
    await call_fails(client, "lsp_symbols", {"path": path}, "INVALID_PARAMS")
    await call_fails(client, "lsp_hover", {"path": path, "line": 3, "column": 8}, "INVALID_PARAMS")


async def test_the_folder_search_skips_links(client: Client) -> None:
    found = await call(client, "lsp_diagnostics", {"path": LINKS})
    assert found["checked"] == 0
