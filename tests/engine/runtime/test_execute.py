"""execute_code: expressions and function bodies in the game, compile and run errors, read-only mode."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, expect_editor_error, mcp_client
from tests.engine.runtime.conftest import PLAYER_START, call, error_code, error_text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_an_expression_returns_its_value_with_engine_types_tagged(game: Client) -> None:
    result = await call(game, "execute_code", code="scene.get_node('Player').position")
    assert result["mode"] == "expression"
    assert result["type"] == "Vector2"
    assert result["value"] == {"type": "Vector2", "x": PLAYER_START[0], "y": PLAYER_START[1]}


async def test_a_body_runs_statements_and_returns_a_value(game: Client) -> None:
    code = "var names = []\nfor coin in tree.get_nodes_in_group('coins'):\n\tnames.append(coin.name)\n"
    code += "return names"
    result = await call(game, "execute_code", code=code)
    assert result["mode"] == "body"
    assert result["value"] == ["Coin1", "Coin2"]


async def test_a_body_may_await_frames(game: Client) -> None:
    result = await call(game, "execute_code", code="await tree.process_frame\nreturn 7")
    assert result["value"] == 7


async def test_a_compile_error_comes_back_with_its_line(game: Client) -> None:
    expect_editor_error(r'Expected expression for variable initial value after "="')
    result = await game.call_tool("execute_code", {"code": "var a = 1\nvar b =\nreturn a"})
    assert error_code(result) == "COMPILE_ERROR"
    assert "(line 2)" in error_text(result)


async def test_a_runtime_error_comes_back_with_its_line(game: Client) -> None:
    expect_editor_error(r"Invalid access to property or key 'missing_thing' on a base object of type 'Nil'")
    result = await game.call_tool(
        "execute_code", {"code": "var nothing = null\nreturn nothing.missing_thing"}
    )
    assert error_code(result) == "EXECUTION_ERROR"
    assert "(line 2)" in error_text(result)
    failed_expression = await game.call_tool("execute_code", {"code": "scene.no_such_method()"})
    assert error_code(failed_expression) == "EXECUTION_ERROR"


async def test_read_only_mode_hides_and_refuses_execute_code(
    game: Client, engine_editor: EngineEditor
) -> None:
    async with mcp_client(engine_editor, "--read-only") as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        refused = await client.call_tool("execute_code", {"code": "1 + 1"})
        still_reads = await client.call_tool("runtime_get_tree", {"max_depth": 0})
    assert "execute_code" not in listed
    assert "runtime_get_tree" in listed
    assert error_code(refused) == "READ_ONLY_MODE"
    assert not still_reads.is_error
