"""Result sizes at each detail level on a real 3D level of 80 nodes (tests/engine/fixtures/level_3d/).

Targets of issue 10: a node of scene_get_tree costs at most 40 characters at detail brief and at most half
of full (the rows every listing gave before detail levels) at normal; every page stays under its level's
cap; classdb_get_class with inherited members fits the normal cap by default and pages reach every member.
Sizes are of the structured result as compact JSON, what the wire carries. The level is written where
bench/surface.py puts it (res://level_3d/, not a tests_tmp folder) because every row repeats its script's
path: a deeper folder would measure the folder's name, not the tool.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from godot_live_mcp.contract._data import addon_source_dir
from tests.engine.authoring._helpers import call
from tests.engine.authoring._scenes import close_quietly
from tests.engine.surface._level_3d import write_level

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "res://level_3d"
CAPS: dict[str, int] = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))[
    "detail"
]["caps"]
LEVEL_NODES = 80
BRIEF_PER_NODE = 40


def size(result: dict[str, Any]) -> int:
    return len(json.dumps(result, separators=(",", ":"), ensure_ascii=False))


async def pages(client: Client, tool: str, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    """Every page of a paged result, following next_offset; each within its detail level's cap."""
    found: list[dict[str, Any]] = []
    offset = 0
    while True:
        page = await call(client, tool, arguments | {"offset": offset})
        assert size(page) <= CAPS[arguments.get("detail", "normal")], (tool, arguments, offset, size(page))
        found.append(page)
        if not page["has_more"]:
            return found
        assert page["next_offset"] > offset, page
        offset = page["next_offset"]


@pytest.fixture(scope="module")
async def level(tools: Client) -> AsyncIterator[str]:
    scene = await write_level(tools, FOLDER)
    yield scene
    await close_quietly(tools, scene)
    await call(tools, "folder_delete", {"path": FOLDER, "recursive": True})


async def tree(client: Client, scene: str, detail: str) -> tuple[float, list[dict[str, Any]]]:
    """Characters a node of the whole tree at ``detail`` (every page), and the pages."""
    listed = await pages(client, "scene_get_tree", {"scene": scene, "detail": detail, "limit": 1000})
    total = listed[0]["total_nodes"]
    assert total == LEVEL_NODES
    return sum(size(page) for page in listed) / total, listed


async def test_a_brief_tree_costs_at_most_40_characters_a_node_and_names_every_node(
    tools: Client, level: str
) -> None:
    per_node, listed = await tree(tools, level, "brief")
    assert per_node <= BRIEF_PER_NODE, f"{per_node:.1f} characters a node"
    lines = [line for page in listed for line in page["tree"]]
    assert len(lines) == LEVEL_NODES
    assert any("Platform07" in line and "StaticBody3D" in line for line in lines), lines


async def test_a_normal_tree_costs_at_most_half_of_the_full_one(tools: Client, level: str) -> None:
    normal, normal_pages = await tree(tools, level, "normal")
    full, full_pages = await tree(tools, level, "full")
    assert normal <= full / 2, f"normal {normal:.1f}, full {full:.1f} characters a node"
    paths = [
        [row["path"] for page in listed for row in page["nodes"]] for listed in (normal_pages, full_pages)
    ]
    assert paths[0] == paths[1]
    assert "Player/CameraPivot/Camera" in paths[0]


async def test_class_members_fit_the_normal_cap_by_default_and_pages_reach_them_all(tools: Client) -> None:
    asked = {"class_name": "CharacterBody3D", "include_inherited": True}
    first = await call(tools, "classdb_get_class", asked)
    assert size(first) <= CAPS["normal"]
    assert first["has_more"]
    assert "offset = " in first["hint"]
    kinds = {"properties": "property_names", "signals": "signal_names", "methods": "method_names"}
    normal = await pages(tools, "classdb_get_class", asked)
    brief = await pages(tools, "classdb_get_class", asked | {"detail": "brief"})
    rows = {kind: [row["name"] for page in normal for row in page[kind]] for kind in kinds}
    names = {kind: [name for page in brief for name in page[field]] for kind, field in kinds.items()}
    assert rows == names
    assert sum(len(found) for found in rows.values()) == first["total_members"]
    assert {"move_and_slide", "add_child", "get_instance_id"} <= set(rows["methods"])
    assert {"velocity", "collision_layer", "position", "process_mode"} <= set(rows["properties"])
