"""``--confirm destructive``: the person is asked through elicitation, or the call is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from mcp.client.session import ClientRequestContext

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.server.features import FeatureOptions
from tests.mcp_results import failure
from tests.unit.server.feature_session import serving

pytestmark = pytest.mark.anyio

CONFIRM = FeatureOptions(confirm_destructive=True)


def answering(action: str, confirm: bool | None = None) -> tuple[Any, list[str]]:
    questions: list[str] = []

    async def elicit(context: ClientRequestContext, params: types.ElicitRequestParams) -> types.ElicitResult:
        assert isinstance(params, types.ElicitRequestFormParams)
        questions.append(params.message)
        content = None if confirm is None else {"confirm": confirm}
        return types.ElicitResult(action=action, content=content)  # type: ignore[arg-type]

    return elicit, questions


async def test_off_by_default_a_destructive_tool_just_runs(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        result = await session.client.call_tool("file_delete", {"path": "res://a.txt"})
    assert not result.is_error


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_without_elicitation_the_call_is_refused_with_how_to_confirm(tmp_path: Path, mode: str) -> None:
    async with serving(tmp_path, features=CONFIRM, mode=mode) as session:
        refused = failure(await session.client.call_tool("file_delete", {"path": "res://a.txt"}))
        harmless = await session.client.call_tool("node_get", {})
    assert refused["code"] == ErrorCode.PERMISSION_DENIED
    assert "file_delete may delete or overwrite" in refused["message"]
    assert "without --confirm destructive" in refused["hint"]
    assert "file.delete" not in session.editor.methods_received()
    assert not harmless.is_error


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_yes_from_the_person_runs_the_call(tmp_path: Path, mode: str) -> None:
    elicit, questions = answering("accept", True)
    async with serving(tmp_path, features=CONFIRM, mode=mode, elicitation_callback=elicit) as session:
        result = await session.client.call_tool("file_delete", {"path": "res://a.txt"})
    assert not result.is_error
    assert result.structured_content == {"echo": {"path": "res://a.txt"}}
    assert len(questions) == 1
    assert questions[0].startswith("Allow file_delete to run?")
    assert "res://a.txt" in questions[0]


@pytest.mark.parametrize(("action", "confirm"), [("accept", False), ("decline", None), ("cancel", None)])
async def test_anything_but_yes_refuses_the_call(tmp_path: Path, action: str, confirm: bool | None) -> None:
    elicit, _ = answering(action, confirm)
    async with serving(tmp_path, features=CONFIRM, elicitation_callback=elicit) as session:
        refused = failure(await session.client.call_tool("file_delete", {"path": "res://a.txt"}))
    assert refused["code"] == ErrorCode.PERMISSION_DENIED
    assert refused["message"].startswith("The person did not allow file_delete")
    assert "file.delete" not in session.editor.methods_received()


async def test_any_tool_told_to_overwrite_asks_first(tmp_path: Path) -> None:
    elicit, questions = answering("decline")
    async with serving(tmp_path, features=CONFIRM, elicitation_callback=elicit) as session:
        kept = await session.client.call_tool("resource_create", {"path": "res://a.tres"})
        refused = failure(
            await session.client.call_tool(
                "resource_create", {"path": "res://a.tres", "if_exists": "replace"}
            )
        )
    assert not kept.is_error
    assert refused["code"] == ErrorCode.PERMISSION_DENIED
    assert len(questions) == 1
    assert "it overwrites what exists" in questions[0]
    assert session.editor.methods_received().count("resource.create") == 1


async def test_the_question_shows_every_path_in_full(tmp_path: Path) -> None:
    elicit, questions = answering("decline")
    path = "res://" + "deep/" * 150 + "victim.tres"
    arguments = {"properties": {"text": "x" * 2000}, "path": path, "if_exists": "replace"}
    async with serving(tmp_path, features=CONFIRM, elicitation_callback=elicit) as session:
        await session.client.call_tool("resource_create", arguments)
    assert f"\npath: {path}\n" in questions[0]
    assert len(questions[0]) < len(path) + 700


async def test_a_batch_asks_once_for_the_steps_that_may_lose_work(tmp_path: Path) -> None:
    elicit, questions = answering("decline")
    steps = [
        {"tool": "file_read", "arguments": {"path": "res://a.txt"}},
        {"tool": "file_delete", "arguments": {"path": "res://a.txt"}},
        {"tool": "resource_create", "arguments": {"path": "res://b.tres", "if_exists": "replace"}},
    ]
    async with serving(tmp_path, features=CONFIRM, elicitation_callback=elicit) as session:
        refused = failure(await session.client.call_tool("editor_batch", {"steps": steps}))
        harmless = await session.client.call_tool("editor_batch", {"steps": steps[:1]})
    assert refused["code"] == ErrorCode.PERMISSION_DENIED
    assert questions == [
        "Allow editor_batch to run? These steps can delete or overwrite project content:\n"
        "Step 1 (file_delete): path=res://a.txt\n"
        "Step 2 (resource_create): path=res://b.tres, if_exists=replace"
    ]
    assert session.editor.methods_received().count("editor.batch") == 1
    assert not harmless.is_error
