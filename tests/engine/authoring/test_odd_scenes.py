"""Scenes from projects written elsewhere: opening and reading them never errors out or hangs.

A part that cannot be read is reported in the result and the rest is returned. The fixtures live in
tests/engine/fixtures/odd_scenes/ and are copied into a project of their own (an editor of its own too:
its classes and imports must exist at start-up, and the broken scenes make the engine log load errors).
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import plain
from tests.engine.harness import (
    EngineEditor,
    copy_demo_project,
    expect_editor_error,
    mcp_client,
    start_editor,
)

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "odd_scenes"
READABLE = [
    "base_enemy",
    "inherited_boss",
    "editable_children",
    "resources_mix",
    "world_3d",
    "tiles",
    "animated",
    "builtin_script",
]


def res(name: str) -> str:
    return f"res://odd_scenes/{name}.tscn"


@pytest.fixture(scope="module")
def odd_project(
    engine_editor: EngineEditor, tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]
) -> Iterator[Path]:
    workspace = tmp_path_factory.mktemp("odd")
    project = copy_demo_project(workspace / "project", test_extensions=False)
    shutil.copytree(FIXTURES, project / "odd_scenes")
    editor = start_editor(project, engine_editor.env, workspace / "editor.log", editor_logs)
    try:
        anyio.run(editor.wait_ready, 120.0)
        yield project
    finally:
        editor.stop()


@pytest.fixture(scope="module")
async def odd(engine_editor: EngineEditor, odd_project: Path) -> AsyncIterator[Client]:
    async with mcp_client(engine_editor, project=odd_project) as client:
        yield client


async def read_everything(client: Client, scene: str) -> dict[str, dict[str, Any]]:
    """node_get and node_list_properties of every node the tree lists; node path -> node_get result."""
    listed = await call(client, "scene_get_tree", {"scene": scene})
    found = await call(client, "node_find", {"scene": scene, "type": "Node"})
    assert found["total_matches"] == listed["total_nodes"]
    nodes: dict[str, dict[str, Any]] = {}
    for node in listed["nodes"]:
        nodes[node["path"]] = await call(
            client, "node_get", {"scene": scene, "node_path": node["path"], "detail": "full"}
        )
        described = await call(
            client, "node_list_properties", {"scene": scene, "node_path": node["path"], "limit": 1000}
        )
        assert described["has_more"] is False
        assert described["total_properties"] > 0
    return nodes


def values(read: dict[str, Any]) -> dict[str, Any]:
    return {item["name"]: plain(item.get("value", item.get("omitted"))) for item in read["properties"]}


@pytest.mark.parametrize("name", READABLE)
async def test_each_odd_scene_opens_and_every_node_reads(odd: Client, name: str) -> None:
    with anyio.fail_after(60):
        opened = await call(odd, "scene_open", {"path": res(name)})
        nodes = await read_everything(odd, res(name))
    assert opened["scene"] == res(name)
    assert opened["broken_dependencies"] == []
    assert all(read["unreadable"] == [] for read in nodes.values()), {
        p: r["unreadable"] for p, r in nodes.items()
    }


async def test_an_inherited_scene_shows_its_base_and_protects_inherited_nodes(odd: Client) -> None:
    opened = await call(odd, "scene_open", {"path": res("inherited_boss")})
    nodes = await read_everything(odd, res("inherited_boss"))
    assert opened["inherits"] == res("base_enemy")
    assert list(nodes) == [".", "Sprite2D", "Hitbox", "Hitbox/CollisionShape2D", "Crown"]
    assert (values(nodes["."])["speed"], values(nodes["."])["label_text"]) == (9.5, "boss")
    assert nodes["."]["script"] == "res://odd_scenes/scripts/odd_named.gd"
    refused = await call_fails(odd, "node_delete", {"node_path": "Sprite2D"}, "INVALID_OPERATION")
    assert "base_enemy.tscn" in refused["message"]
    await call(odd, "node_set_property", {"node_path": "Sprite2D", "property": "visible", "value": False})
    await call(odd, "node_delete", {"node_path": "Crown"})
    await call(odd, "scene_close", {"discard_changes": True})


async def test_editable_children_are_listed_and_other_instances_stay_closed(odd: Client) -> None:
    await call(odd, "scene_open", {"path": res("editable_children")})
    nodes = await read_everything(odd, res("editable_children"))
    assert list(nodes) == [
        ".",
        "Enemy1",
        "Enemy1/Sprite2D",
        "Enemy1/Hitbox",
        "Enemy1/Hitbox/CollisionShape2D",
        "Enemy2",
    ]
    assert nodes["Enemy1"]["instance"] == res("base_enemy")
    assert values(nodes["Enemy1/Sprite2D"])["modulate"]["g"] == pytest.approx(0.2)
    await call(
        odd, "node_set_property", {"node_path": "Enemy1/Sprite2D", "property": "visible", "value": False}
    )
    inside = {"node_path": "Enemy2/Sprite2D", "property": "visible", "value": False}
    await call_fails(odd, "node_set_property", inside, "INVALID_OPERATION")
    await call_fails(
        odd, "node_create", {"class_name": "Node2D", "parent": "Enemy2/Hitbox"}, "INVALID_OPERATION"
    )
    await call_fails(odd, "node_delete", {"node_path": "Enemy1/Sprite2D"}, "INVALID_OPERATION")
    await call(odd, "scene_close", {"discard_changes": True})


async def test_resources_inside_and_outside_the_scene_read_back(odd: Client) -> None:
    await call(odd, "scene_open", {"path": res("resources_mix")})
    nodes = await read_everything(odd, res("resources_mix"))
    external, internal = values(nodes["External"])["texture"], values(nodes["Internal"])["texture"]
    assert external["path"] == "res://textures/player.png"
    assert internal is not None
    assert internal.get("path", "") != "res://textures/player.png"
    assert values(nodes["."])["metadata/note"] == "written by hand"
    assert values(nodes["."])["metadata/stats"]["path"] == "res://resources/player_stats.tres"


async def test_scripts_with_and_without_class_name_and_built_in_are_read(odd: Client) -> None:
    await call(odd, "scene_open", {"path": res("world_3d")})
    world = await call(odd, "node_get", {"node_path": ".", "names": ["spin"]})
    named = await call(odd, "node_find", {"scene": res("world_3d"), "type": "MeshInstance3D"})
    await call(odd, "scene_open", {"path": res("builtin_script")})
    inline = await call(odd, "node_get", {"node_path": ".", "names": ["wobble"]})
    await call(odd, "scene_open", {"path": res("base_enemy")})
    enemy = await call(odd, "node_find", {"type": "OddNamed"})
    assert (world["script"], values(world)["spin"]) == ("res://odd_scenes/scripts/odd_plain.gd", 2.5)
    assert [node["path"] for node in named["nodes"]] == ["Box"]
    assert inline["script"].startswith(res("builtin_script") + "::")
    assert values(inline)["wobble"] == 0.75
    assert [node["path"] for node in enemy["nodes"]] == ["."]


@pytest.mark.parametrize("name", ["csharp_ref", "nested_csharp"])
async def test_a_csharp_script_is_reported_as_the_part_that_cannot_load(odd: Client, name: str) -> None:
    before = await call(odd, "scene_get_current", {})
    refused = await call_fails(odd, "scene_open", {"path": res(name)}, "LOAD_FAILED")
    anyway = await call_fails(
        odd, "scene_open", {"path": res(name), "ignore_missing_dependencies": True}, "LOAD_FAILED"
    )
    assert "res://odd_scenes/scripts/Mover.cs" in refused["message"]
    assert ".NET" in refused["message"]
    assert anyway["message"] == refused["message"]
    assert (await call(odd, "scene_get_current", {}))["scene"] == before["scene"]


async def test_a_missing_file_is_reported_and_the_rest_opens_on_request(odd: Client) -> None:
    expect_editor_error(r"Failed loading resource: res://odd_scenes/textures/gone\.png")
    refused = await call_fails(odd, "scene_open", {"path": res("missing_dep")}, "LOAD_FAILED")
    opened = await call(odd, "scene_open", {"path": res("missing_dep"), "ignore_missing_dependencies": True})
    nodes = await read_everything(odd, res("missing_dep"))
    assert "res://odd_scenes/textures/gone.png" in refused["message"]
    assert "ignore_missing_dependencies" in refused["hint"]
    assert [entry["path"] for entry in opened["broken_dependencies"]] == [
        "res://odd_scenes/textures/gone.png"
    ]
    assert values(nodes["Sprite2D"])["texture"] is None
    assert values(nodes["Label"])["text"] == "still here"


async def test_tile_maps_and_animations_read_with_big_values_summarised(odd: Client) -> None:
    await call(odd, "scene_open", {"path": res("tiles")})
    ground = await call(odd, "node_get", {"node_path": "Ground", "names": ["tile_map_data", "tile_set"]})
    await call(odd, "scene_open", {"path": res("animated")})
    player = await call(odd, "node_get", {"node_path": "AnimationPlayer", "names": ["autoplay"]})
    tree = await call(odd, "node_get", {"node_path": "AnimationTree", "names": ["anim_player", "tree_root"]})
    assert [item["name"] for item in ground["properties"]] == ["tile_map_data", "tile_set"]
    assert values(ground)["tile_set"] is not None
    assert values(player)["autoplay"] == "bob"
    assert values(tree)["anim_player"] is not None
    assert values(tree)["tree_root"] is not None


async def test_with_no_scene_open_the_tools_say_so(odd: Client) -> None:
    for _ in range(30):
        current = await call(odd, "scene_get_current", {})
        if not current["open"]:
            break
        await call(odd, "scene_close", {"discard_changes": True})
    assert current == {"scene": "", "open": False, "hint": current["hint"]}
    assert "scene_open" in current["hint"]
    await call_fails(odd, "scene_get_tree", {}, "SCENE_NOT_OPEN")
    await call_fails(odd, "node_create", {"class_name": "Node2D"}, "SCENE_NOT_OPEN")
    await call_fails(odd, "node_get_selection", {}, "SCENE_NOT_OPEN")
    assert (await call(odd, "scene_list_open", {}))["scenes"] == []


async def test_a_scene_that_cannot_load_is_read_from_its_text_with_the_parts_marked(odd: Client) -> None:
    csharp = await call(odd, "scene_read_file", {"path": res("csharp_ref"), "detail": "full"})
    nested = await call(odd, "scene_read_file", {"path": res("nested_csharp")})
    missing = await call(odd, "scene_read_file", {"path": res("missing_dep"), "detail": "full"})
    nodes = {node["path"]: node for node in csharp["nodes"]}
    assert (csharp["from_text"], csharp["root_type"], list(nodes)) == (
        True,
        "Node2D",
        [".", "Mover", "Plain"],
    )
    assert nodes["Mover"]["script"] == "res://odd_scenes/scripts/Mover.cs"
    assert ".NET" in nodes["Mover"]["unloadable"]
    assert nodes["Mover"]["properties"] == [
        {"name": "position", "value": {"type": "Vector2", "x": 10, "y": 20}}
    ]
    assert "unloadable" not in nodes["Plain"]
    assert [entry["path"] for entry in csharp["broken_dependencies"]] == ["res://odd_scenes/scripts/Mover.cs"]
    inner = nested["nodes"][1]
    assert (inner["path"], inner["instance"]) == ("Inner", res("csharp_ref"))
    assert "Mover.cs" in inner["unloadable"]
    sprite, label = missing["nodes"][1]["properties"], missing["nodes"][2]["properties"]
    assert "res://odd_scenes/textures/gone.png" in sprite[0]["unreadable"]
    assert label == [{"name": "text", "value": "still here"}]


async def test_a_loadable_scene_is_not_read_from_text(odd: Client) -> None:
    read = await call(odd, "scene_read_file", {"path": res("base_enemy")})
    assert "from_text" not in read
    refused = await call_fails(odd, "scene_read_file", {"path": "res://odd_scenes/none.tscn"}, "NOT_FOUND")
    assert refused["hint"]


async def test_dependencies_mark_missing_files_and_list_inheriting_scenes(odd: Client) -> None:
    broken = await call(odd, "asset_dependencies", {"path": res("missing_dep")})
    base = await call(odd, "asset_dependencies", {"path": res("base_enemy")})
    assert [(row["path"], row.get("missing")) for row in broken["dependencies"]] == [
        ("res://odd_scenes/textures/gone.png", True)
    ]
    assert {res("inherited_boss"), res("editable_children")} <= set(base["dependents"])
