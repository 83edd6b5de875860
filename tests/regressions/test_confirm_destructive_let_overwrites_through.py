"""``--confirm destructive`` asked nothing when a tool not annotated destructive overwrote a file with
``if_exists: "replace"``, and its question cut the arguments at 500 characters, hiding the path. Any
call that overwrites is now asked about, and the question shows every path in full."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import mcp_types as types
import pytest
from mcp.client import Client
from mcp.client.session import ClientRequestContext

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor, mcp_client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/confirm_overwrites"
VICTIM = f"res://{FOLDER}/keep_me.tres"


@pytest.fixture
async def asked(engine_editor: EngineEditor, tools: Client) -> AsyncIterator[tuple[Client, list[str], Path]]:
    """A client whose person says no to every question, the questions it was asked, and the victim file."""
    await call(tools, "resource_create", {"path": VICTIM, "class_name": "Gradient", "if_exists": "replace"})
    victim = engine_editor.project / FOLDER / "keep_me.tres"
    questions: list[str] = []

    async def decline(context: ClientRequestContext, params: types.ElicitRequestParams) -> types.ElicitResult:
        assert isinstance(params, types.ElicitRequestFormParams)
        questions.append(params.message)
        return types.ElicitResult(action="decline")

    async with mcp_client(engine_editor, "--confirm", "destructive", elicitation_callback=decline) as client:
        yield client, questions, victim
    await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


async def test_an_overwrite_by_a_tool_not_marked_destructive_is_asked_about(
    asked: tuple[Client, list[str], Path],
) -> None:
    client, questions, victim = asked
    before = victim.read_bytes()
    kept = await call(client, "resource_create", {"path": VICTIM, "class_name": "Curve"})
    long_text = {"colors": [{"type": "Color", "r": 1, "g": 0, "b": 0, "a": 1}] * 40}

    refused = await call_fails(
        client,
        "resource_create",
        {"properties": long_text, "path": VICTIM, "class_name": "Curve", "if_exists": "replace"},
        "PERMISSION_DENIED",
    )

    assert kept["status"] == "returned"
    assert "did not allow resource_create" in refused["message"]
    assert victim.read_bytes() == before
    assert len(questions) == 1
    assert f"\npath: {VICTIM}\n" in questions[0]


async def test_an_export_onto_a_project_file_is_asked_about_with_its_path(
    asked: tuple[Client, list[str], Path],
) -> None:
    client, questions, victim = asked
    before = victim.read_bytes()

    await call_fails(client, "export_run", {"preset": "Linux", "output": VICTIM}, "PERMISSION_DENIED")

    assert victim.read_bytes() == before
    assert f"\noutput: {VICTIM}\n" in questions[-1]
