"""editor.execute on the real editor: expressions and bodies on the edited scene, errors, read-only mode."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor, expect_editor_error, mcp_client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_an_expression_sees_the_edited_scene_inside_the_editor(tools: Client, scene: str) -> None:
    result = await call(tools, "editor_execute", {"code": "[scene.scene_file_path, Engine.is_editor_hint()]"})
    assert result["mode"] == "expression"
    assert result["type"] == "Array"
    assert result["value"] == [scene, True]


async def test_a_body_runs_statements_and_returns_a_value(tools: Client, scene: str) -> None:
    code = "var made = Node2D.new()\nmade.name = 'Made'\nscene.add_child(made)\nvar names = []\n"
    code += "for child in scene.get_children():\n\tnames.append(child.name)\nmade.free()\nreturn names"
    result = await call(tools, "editor_execute", {"code": code})
    assert result["mode"] == "body"
    assert result["value"] == ["Made"]


async def test_a_compile_error_comes_back_with_its_line(tools: Client) -> None:
    expect_editor_error(r'Expected expression for variable initial value after "="')
    refused = await call_fails(
        tools, "editor_execute", {"code": "var a = 1\nvar b =\nreturn a"}, "COMPILE_ERROR"
    )
    assert "(line 2)" in refused["message"]


async def test_a_failing_call_is_an_execution_error_naming_the_log(tools: Client, scene: str) -> None:
    refused = await call_fails(tools, "editor_execute", {"code": "scene.no_such_method()"}, "EXECUTION_ERROR")
    assert "editor_get_log" in refused["hint"]


async def test_read_only_mode_hides_and_refuses_editor_execute(engine_editor: EngineEditor) -> None:
    async with mcp_client(engine_editor, "--read-only") as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        refused = await call_fails(client, "editor_execute", {"code": "1 + 1"}, "READ_ONLY_MODE")
    assert "editor_execute" not in listed
    assert "editor_get_log" in listed
    assert "editor_execute" in refused["message"]
