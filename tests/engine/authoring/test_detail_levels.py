"""The detail levels (brief, normal, full) of scene_get_tree, node_find and node_get: what each level
holds, its size a node on a 3D level, and the size cap that cuts a long page and says how to go on."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine._detail_levels import CAPS, chars, tree_paths
from tests.engine.authoring._helpers import Scratch, call, scratch_for
from tests.engine.authoring._scenes import close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

PROPERTY_COUNT = 300
LEVEL_FOLDER = "res://detail_3d"
# Characters a node of scene_get_tree on a 3D level before the detail levels (issue 10).
ROW_BEFORE_DETAIL = 171


def level_scene(folder: str) -> str:
    """A 3D platformer level of 81 nodes: player, ground, ten platforms, ten coins, three enemy
    instances, a goal and a HUD, with scripts and groups, as a .tscn text."""
    head = [
        "[gd_scene format=3]",
        f'[ext_resource type="Script" path="{folder}/level.gd" id="1"]',
        f'[ext_resource type="Script" path="{folder}/player.gd" id="2"]',
        f'[ext_resource type="Script" path="{folder}/coin.gd" id="3"]',
        f'[ext_resource type="PackedScene" path="{folder}/enemy.tscn" id="4"]',
        '[node name="Level" type="Node3D"]\nscript = ExtResource("1")',
        '[node name="WorldEnvironment" type="WorldEnvironment" parent="."]',
        '[node name="Sun" type="DirectionalLight3D" parent="."]',
        '[node name="Player" type="CharacterBody3D" parent="." groups=["player"]]\nscript = ExtResource("2")',
        '[node name="Mesh" type="MeshInstance3D" parent="Player"]',
        '[node name="Collision" type="CollisionShape3D" parent="Player"]',
        '[node name="CameraPivot" type="Node3D" parent="Player"]',
        '[node name="Camera" type="Camera3D" parent="Player/CameraPivot"]',
        '[node name="Ground" type="StaticBody3D" parent="."]',
        '[node name="Mesh" type="MeshInstance3D" parent="Ground"]',
        '[node name="Collision" type="CollisionShape3D" parent="Ground"]',
        '[node name="Platforms" type="Node3D" parent="."]',
        '[node name="Coins" type="Node3D" parent="."]',
        '[node name="Enemies" type="Node3D" parent="."]',
        '[node name="Goal" type="Area3D" parent="."]',
        '[node name="Collision" type="CollisionShape3D" parent="Goal"]',
        '[node name="HUD" type="CanvasLayer" parent="."]',
        '[node name="Score" type="Label" parent="HUD"]',
    ]
    body: list[str] = []
    for index in range(1, 11):
        platform = f"Platforms/Platform{index:02}"
        body.append(
            f'[node name="Platform{index:02}" type="StaticBody3D" parent="Platforms" groups=["platforms"]]'
        )
        body += [f'[node name="Mesh" type="MeshInstance3D" parent="{platform}"]']
        body += [f'[node name="Collision" type="CollisionShape3D" parent="{platform}"]']
    for index in range(1, 11):
        coin = f"Coins/Coin{index:02}"
        body.append(f'[node name="Coin{index:02}" type="Area3D" parent="Coins" groups=["coins"]]')
        body += ['script = ExtResource("3")', f'[node name="Mesh" type="MeshInstance3D" parent="{coin}"]']
        body += [f'[node name="Collision" type="CollisionShape3D" parent="{coin}"]']
    for index in range(1, 4):
        body.append(f'[node name="Enemy{index}" parent="Enemies" instance=ExtResource("4")]')
    return "\n\n".join(head + body) + "\n"


ENEMY = """[gd_scene format=3]

[node name="Enemy" type="CharacterBody3D" groups=["enemies"]]

[node name="Mesh" type="MeshInstance3D" parent="."]

[node name="Collision" type="CollisionShape3D" parent="."]
"""


def crowd_scene(groups: int, units: int) -> str:
    """A scene of 2 + groups * (units + 1) plain nodes: Crowd/GroupNN/UnitNN."""
    sections = [
        "[gd_scene format=3]",
        '[node name="Big" type="Node3D"]',
        '[node name="Crowd" type="Node3D" parent="."]',
    ]
    for group in range(1, groups + 1):
        sections.append(f'[node name="Group{group:02}" type="Node3D" parent="Crowd"]')
        for unit in range(1, units + 1):
            sections.append(f'[node name="Unit{unit:02}" type="Marker3D" parent="Crowd/Group{group:02}"]')
    return "\n\n".join(sections) + "\n"


def props_script() -> str:
    lines = ["extends Node", ""]
    lines += [f'@export var p{index:03}: String = ""' for index in range(PROPERTY_COUNT)]
    return "\n".join(lines) + "\n"


def props_scene(script: str) -> str:
    node = ['[node name="Props" type="Node"]', 'script = ExtResource("1")']
    node += [
        f'p{index:03} = "value {index:03} of a long exported string property"'
        for index in range(PROPERTY_COUNT)
    ]
    return (
        f'[gd_scene format=3]\n\n[ext_resource type="Script" path="{script}" id="1"]\n\n'
        + "\n".join(node)
        + "\n"
    )


async def open_written(tools: Client, files: dict[str, str]) -> None:
    """Write files (scripts through script_write), then open the last one, a scene."""
    for path, content in files.items():
        tool = "script_write" if path.endswith(".gd") else "file_write"
        await call(tools, tool, {"path": path, "content": content})
    await call(tools, "editor_wait_for_idle", {"scan": True})
    await call(tools, "scene_open", {"path": list(files)[-1]})


@pytest.fixture(scope="module")
async def level(tools: Client) -> AsyncIterator[str]:
    """The 81-node 3D level, in a folder of its own with paths as short as a project's; open for the
    module, then closed and deleted."""
    scripts = {
        name: f"extends {kind}\n" for name, kind in (("level", "Node3D"), ("player", "CharacterBody3D"))
    }
    files = {f"{LEVEL_FOLDER}/{name}.gd": text for name, text in scripts.items()}
    files[f"{LEVEL_FOLDER}/coin.gd"] = "extends Area3D\n"
    files[f"{LEVEL_FOLDER}/enemy.tscn"] = ENEMY
    files[f"{LEVEL_FOLDER}/level.tscn"] = level_scene(LEVEL_FOLDER)
    await open_written(tools, files)
    yield f"{LEVEL_FOLDER}/level.tscn"
    await close_quietly(tools, f"{LEVEL_FOLDER}/level.tscn")
    await call(tools, "folder_delete", {"path": LEVEL_FOLDER, "recursive": True})


async def every_page(tools: Client, tool: str, arguments: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """Every page of a listing, asking on from next_offset; each page's items must fit the level's cap."""
    pages: list[dict[str, Any]] = []
    offset = 0
    while True:
        page = await call(tools, tool, {**arguments, "offset": offset})
        assert chars(page[key]) <= CAPS[arguments.get("detail", "normal")], page.get("hint")
        pages.append(page)
        if not page["has_more"]:
            return pages
        assert page["next_offset"] == offset + page["returned"]
        offset = page["next_offset"]


async def test_brief_lists_one_line_a_node_indented_under_its_parent(tools: Client, level: str) -> None:
    brief = await call(tools, "scene_get_tree", {"scene": level, "detail": "brief", "max_depth": 2})
    assert "nodes" not in brief
    assert brief["tree"][:7] == [
        ".: Node3D",
        "  WorldEnvironment: WorldEnvironment",
        "  Sun: DirectionalLight3D",
        "  Player: CharacterBody3D",
        "    Mesh: MeshInstance3D",
        "    Collision: CollisionShape3D",
        "    CameraPivot: Node3D",
    ]
    assert "    Enemy1: CharacterBody3D" in brief["tree"]
    assert brief["total_nodes"] == brief["returned"] == len(brief["tree"])


async def test_brief_gives_the_whole_path_where_the_parent_is_not_the_line_above(
    tools: Client, level: str
) -> None:
    found = await call(tools, "node_find", {"scene": level, "type": "CollisionShape3D", "detail": "brief"})
    later = await call(tools, "scene_get_tree", {"scene": level, "detail": "brief", "offset": 5})
    assert found["tree"][:2] == ["Player/Collision: CollisionShape3D", "Ground/Collision: CollisionShape3D"]
    assert later["tree"][:3] == [
        "Player/Collision: CollisionShape3D",
        "Player/CameraPivot: Node3D",
        "  Camera: Camera3D",
    ]


async def test_normal_rows_leave_out_what_the_path_says_and_what_is_not_set(
    tools: Client, level: str
) -> None:
    normal = await call(tools, "scene_get_tree", {"scene": level})
    full = await call(tools, "scene_get_tree", {"scene": level, "detail": "full"})
    rows = {row["path"]: row for row in normal["nodes"]}
    folder = level.rsplit("/", 1)[0]
    assert "tree" not in normal
    assert rows["Player"] == {
        "path": "Player",
        "type": "CharacterBody3D",
        "script": f"{folder}/player.gd",
    }
    assert rows["Player/CameraPivot/Camera"] == {"path": "Player/CameraPivot/Camera", "type": "Camera3D"}
    assert rows["Enemies/Enemy1"] == {
        "path": "Enemies/Enemy1",
        "type": "CharacterBody3D",
        "instance": f"{folder}/enemy.tscn",
    }
    assert full["nodes"][4] == {
        "path": "Player/Mesh",
        "name": "Mesh",
        "type": "MeshInstance3D",
        "script": "",
        "groups": [],
        "depth": 2,
        "child_count": 0,
    }
    assert [row["path"] for row in full["nodes"]] == list(rows)


async def test_each_level_keeps_to_its_size_a_node_on_a_3d_level(tools: Client, level: str) -> None:
    sizes: dict[str, float] = {}
    for detail, key in (("brief", "tree"), ("normal", "nodes"), ("full", "nodes")):
        pages = await every_page(tools, "scene_get_tree", {"scene": level, "detail": detail}, key)
        assert sum(page["returned"] for page in pages) == pages[0]["total_nodes"] == 81
        sizes[detail] = sum(chars(page[key]) for page in pages) / 81
    print(f"characters a node on an 81-node 3D level: {sizes}")
    assert sizes["brief"] <= 40
    assert sizes["normal"] <= ROW_BEFORE_DETAIL / 2
    assert sizes["normal"] <= sizes["full"] * 0.6


@pytest.fixture
async def crowd(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[str]:
    """A 302-node scene of the test's own, open; closed at the end."""
    path = scratch_for(request, engine_editor.project).path("crowd.tscn")
    await open_written(tools, {path: crowd_scene(30, 9)})
    yield path
    await close_quietly(tools, path)


async def test_a_long_page_is_cut_to_the_cap_and_paging_reaches_every_node_once(
    tools: Client, crowd: str
) -> None:
    brief = await every_page(tools, "scene_get_tree", {"scene": crowd, "detail": "brief"}, "tree")
    normal = await every_page(tools, "scene_get_tree", {"scene": crowd, "limit": 1000}, "nodes")
    full = await every_page(
        tools, "scene_get_tree", {"scene": crowd, "detail": "full", "limit": 1000}, "nodes"
    )
    first = brief[0]
    assert (first["total_nodes"], first["has_more"]) == (302, True)
    assert "Cut at 2000 characters (detail brief)" in first["hint"]
    assert f"offset = {first['next_offset']}" in first["hint"]
    assert (len(normal) > 1, len(full) > 1) == (True, True)
    brief_paths = [path for page in brief for path in tree_paths(page["tree"])]
    normal_paths = [row["path"] for page in normal for row in page["nodes"]]
    assert brief_paths == normal_paths == [row["path"] for page in full for row in page["nodes"]]
    assert len(set(brief_paths)) == 302


async def test_find_pages_are_cut_alike(tools: Client, crowd: str) -> None:
    pages = await every_page(
        tools, "node_find", {"scene": crowd, "type": "Marker3D", "detail": "brief"}, "tree"
    )
    found = [path for page in pages for path in tree_paths(page["tree"])]
    assert len(pages) > 2
    assert found == [f"Crowd/Group{g:02}/Unit{u:02}" for g in range(1, 31) for u in range(1, 10)]
    assert pages[0]["tree"][0] == "Crowd/Group01/Unit01: Marker3D"


@pytest.fixture
async def props(tools: Client, scratch: Scratch) -> AsyncIterator[str]:
    """A scene whose root has 300 exported strings, all set to long values; open, closed at the end."""
    await open_written(
        tools,
        {
            scratch.path("props.gd"): props_script(),
            scratch.path("props.tscn"): props_scene(scratch.path("props.gd")),
        },
    )
    yield scratch.path("props.tscn")
    await close_quietly(tools, scratch.path("props.tscn"))


async def test_node_get_brief_is_identity_without_properties(tools: Client, level: str) -> None:
    brief = await call(tools, "node_get", {"scene": level, "node_path": "Player", "detail": "brief"})
    folder = level.rsplit("/", 1)[0]
    assert brief == {
        "scene": level,
        "node_path": "Player",
        "name": "Player",
        "type": "CharacterBody3D",
        "script": f"{folder}/player.gd",
        "groups": ["player"],
        "children": ["Mesh", "Collision", "CameraPivot"],
        "unreadable": [],
    }
    named = await call(
        tools, "node_get", {"scene": level, "node_path": "Player", "detail": "brief", "names": ["velocity"]}
    )
    assert [row["name"] for row in named["properties"]] == ["velocity"]


async def test_node_get_normal_gives_changed_properties_and_full_gives_all(tools: Client, props: str) -> None:
    await call(
        tools,
        "node_set_property",
        {"scene": props, "node_path": ".", "property": "process_priority", "value": 3},
    )
    normal = await every_page(tools, "node_get", {"scene": props, "node_path": "."}, "properties")
    full = await every_page(
        tools, "node_get", {"scene": props, "node_path": ".", "detail": "full"}, "properties"
    )
    normal_names = [row["name"] for page in normal for row in page["properties"]]
    full_names = [row["name"] for page in full for row in page["properties"]]
    assert {"process_priority", "p000", "p299"} <= set(normal_names)
    assert "process_mode" not in normal_names
    assert {"process_mode", "process_priority", "p000", "p299"} <= set(full_names)
    assert len(full_names) == len(set(full_names)) == full[0]["total_properties"]


async def test_node_get_is_cut_to_the_cap_and_keeps_every_unreadable(tools: Client, props: str) -> None:
    names = [f"p{index:03}" for index in range(PROPERTY_COUNT)]
    pages = await every_page(
        tools, "node_get", {"scene": props, "node_path": ".", "names": [*names, "nonesuch"]}, "properties"
    )
    assert len(pages) > 2
    assert [row["name"] for page in pages for row in page["properties"]] == names
    assert all(page["unreadable"] == [{"name": "nonesuch", "reason": "no such property"}] for page in pages)
    assert "Cut at 8000 characters (detail normal)" in pages[0]["hint"]
