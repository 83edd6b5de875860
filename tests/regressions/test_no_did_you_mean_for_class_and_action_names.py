"""Regression (issue 9): a misspelt class name (classdb tools) or input action name was answered
without "did you mean", while signals had one; they use the one suggestion helper now."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call_fails

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.mark.parametrize(
    ("tool", "arguments", "meant"),
    [
        ("classdb_get_class", {"class_name": "CharacterBody2d"}, "CharacterBody2D"),
        ("classdb_list_classes", {"base": "Node2d"}, "Node2D"),
        ("classdb_get_method", {"class_name": "Coinn", "method": "_on_body_entered"}, "Coin"),
        ("classdb_get_method", {"class_name": "Coin", "method": "_on_body_enterd"}, "_on_body_entered"),
    ],
)
async def test_a_misspelt_class_or_method_suggests_the_right_one(
    tools: Client, tool: str, arguments: dict[str, Any], meant: str
) -> None:
    refused = await call_fails(tools, tool, arguments, "NOT_FOUND")
    assert "Did you mean" in refused["hint"], refused
    assert f"'{meant}'" in refused["hint"], refused


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("input_map_remove_action", {"action": "move_lef"}),
        ("input_map_add_event", {"action": "move_lef", "event": {"type": "key", "key": "A"}}),
        ("input_map_remove_event", {"action": "move_lef", "index": 0}),
    ],
)
async def test_a_misspelt_input_action_suggests_the_right_one(
    tools: Client, tool: str, arguments: dict[str, Any]
) -> None:
    refused = await call_fails(tools, tool, arguments, "NOT_FOUND")
    assert "Did you mean 'move_left'" in refused["hint"], refused
    assert "input_map_list" in refused["hint"], refused
