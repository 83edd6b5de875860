"""Regression (issue 9): a misspelt resource property, resource class or script base class was
answered without "did you mean"; the resource and script tools use the one suggestion helper now."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call_fails

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

STATS = "res://resources/player_stats.tres"
NEW = "res://tests_tmp/misspelt_resource_names/never_made"


@pytest.mark.parametrize(
    ("tool", "arguments", "meant"),
    [
        ("resource_set_property", {"path": STATS, "property": "move_sped", "value": 1}, "move_speed"),
        ("resource_get", {"path": STATS, "properties": ["max_helth"]}, "max_health"),
        ("resource_create", {"path": f"{NEW}.tres", "class_name": "RectangleShape2d"}, "RectangleShape2D"),
        ("resource_create", {"path": f"{NEW}.tres", "class_name": "PlayerStat"}, "PlayerStats"),
        ("resource_list", {"type": "Texture2d"}, "Texture2D"),
        ("script_create", {"path": f"{NEW}.gd", "extends": "CharacterBody2d"}, "CharacterBody2D"),
    ],
)
async def test_a_misspelt_name_suggests_the_right_one(
    tools: Client, tool: str, arguments: dict[str, Any], meant: str
) -> None:
    refused = await call_fails(tools, tool, arguments, "NOT_FOUND")
    assert "Did you mean" in refused["hint"], refused
    assert f"'{meant}'" in refused["hint"], refused
