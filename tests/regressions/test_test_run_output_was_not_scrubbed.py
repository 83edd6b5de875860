"""Regression (issue 21): test_run answered with the project's test output as it was, secrets included
(a failing assertion quotes the values it compared), because server-run tools' answers skipped the
scrubber. They now leave through the same seal as the editor's (server/result_seal.py)."""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import structured, text_of
from tests.regressions._own_editor import own_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

GUT = Path(__file__).resolve().parents[1] / "engine" / "fixtures" / "gut_project" / "addons" / "gut"
GITHUB = "ghp_" + "T3" * 18
BEARER = "Authorization: Bearer mF9B5f41JqMabcd1234"
TEST = (
    'extends "res://addons/gut/test.gd"\n\n\n'
    f'func test_token() -> void:\n\tassert_eq("{GITHUB}", "{BEARER}")\n'
)


def plant_tests(project: Path) -> None:
    shutil.copytree(GUT, project / "addons" / "gut")
    (project / "test").mkdir()
    (project / "test" / "test_vault.gd").write_text(TEST, "utf-8")


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> Iterator[EngineEditor]:
    with own_editor(tmp_path_factory.mktemp("test-run-secrets"), editor_logs, plant_tests) as started:
        yield started


@pytest.fixture
async def client(editor: EngineEditor) -> AsyncIterator[Client]:
    async with mcp_client(editor) as connected:
        yield connected


async def test_a_failing_tests_message_comes_scrubbed(client: Client) -> None:
    result = await client.call_tool("test_run", {"path": "res://test"})
    report = structured(result)
    assert report["failed"] == 1, report
    shown = json.dumps(report) + text_of(result)
    assert GITHUB not in shown
    assert "mF9B5f41JqMabcd1234" not in shown
    assert "[REDACTED:github_token]" in report["failures"][0]["message"]
