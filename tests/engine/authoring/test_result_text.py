"""The text a model reads for a result is compact and readable: on the demo level's tree and its player's
description it is far shorter than the compact JSON of the same data, and names every node and property."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call_with_text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LEVEL = "res://scenes/level.tscn"


def compact_json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("detail", ["normal", "full"])
async def test_the_tree_text_is_at_most_70_percent_of_its_json(tools: Client, detail: str) -> None:
    tree, text = await call_with_text(tools, "scene_get_tree", {"scene": LEVEL, "detail": detail})
    assert len(text) <= 0.7 * len(compact_json(tree)), text
    rows = text.split("{", 1)[1].splitlines()[1:]
    assert len(rows) == len(tree["nodes"])  # one row a node, naming it
    assert all(
        f",{node['path']}," in f",{row.strip()}," for row, node in zip(rows, tree["nodes"], strict=True)
    )


async def test_a_full_node_description_is_at_most_75_percent_of_its_json(tools: Client) -> None:
    node, text = await call_with_text(
        tools, "node_get", {"scene": LEVEL, "node_path": "Player", "detail": "full"}
    )
    assert len(text) <= 0.75 * len(compact_json(node)), text  # envelope included
    for row in node["properties"]:
        assert f"\n  {row['name']},{row['type']}," in text or f'\n  {row["name"]},"{row["type"]}",' in text
