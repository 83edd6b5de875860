"""Issue 4 acceptance: build the demo level from nothing with the tools alone, save it, open it again
and find the tree and the properties that were asked for; then script_check finds a syntax error's line."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, scratch_for
from tests.engine.authoring._scenes import close_quietly, plain, tree, vector2
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

ACTION = "acceptance_walk_right"
PLAYER_SCRIPT = f"""extends CharacterBody2D
## Walks while the walking actions are held; falls with the project's gravity.

@export var speed: float = 200.0

var _gravity: float = ProjectSettings.get_setting("physics/2d/default_gravity")


func _physics_process(delta: float) -> void:
\tif not is_on_floor():
\t\tvelocity.y += _gravity * delta
\tvelocity.x = Input.get_axis("move_left", "{ACTION}") * speed
\tmove_and_slide()
"""


def rectangle(width: float, height: float) -> dict[str, Any]:
    return {
        "type": "NewResource",
        "class": "RectangleShape2D",
        "properties": {"size": vector2(width, height)},
    }


def texture(path: str) -> dict[str, Any]:
    return {"type": "Resource", "path": path}


GROUND_POLYGON = {
    "type": "PackedVector2Array",
    "values": [[-576.0, -20.0], [576.0, -20.0], [576.0, 20.0], [-576.0, 20.0]],
}
# (class, parent, name, properties) in the order the level is built.
NODES: list[tuple[str, str, str, dict[str, Any]]] = [
    ("CharacterBody2D", ".", "Player", {"position": vector2(160, 564)}),
    ("Sprite2D", "Player", "Sprite2D", {"texture": texture("res://textures/player.png")}),
    ("CollisionShape2D", "Player", "CollisionShape2D", {"shape": rectangle(32, 32)}),
    ("StaticBody2D", ".", "Ground", {"position": vector2(576, 600)}),
    ("CollisionShape2D", "Ground", "CollisionShape2D", {"shape": rectangle(1152, 40)}),
    ("Polygon2D", "Ground", "Polygon2D", {"polygon": GROUND_POLYGON}),
]
COINS = {"Coin1": vector2(400, 520), "Coin2": vector2(640, 520)}
LATER_NODES: list[tuple[str, str, str, dict[str, Any]]] = [
    ("Camera2D", ".", "Camera2D", {"position": vector2(576, 324)}),
    ("CanvasLayer", ".", "HUD", {}),
    ("Label", "HUD", "ScoreLabel", {"text": "Score: 0", "offset_left": 16.0, "offset_top": 16.0}),
]
EXPECTED_TREE = [
    (".", "Node2D"),
    ("Player", "CharacterBody2D"),
    ("Player/Sprite2D", "Sprite2D"),
    ("Player/CollisionShape2D", "CollisionShape2D"),
    ("Ground", "StaticBody2D"),
    ("Ground/CollisionShape2D", "CollisionShape2D"),
    ("Ground/Polygon2D", "Polygon2D"),
    ("Coin1", "Area2D"),
    ("Coin2", "Area2D"),
    ("Camera2D", "Camera2D"),
    ("HUD", "CanvasLayer"),
    ("HUD/ScoreLabel", "Label"),
]


@pytest.fixture
def scratch(request: pytest.FixtureRequest, engine_editor: EngineEditor) -> Scratch:
    return scratch_for(request, engine_editor.project)


@pytest.fixture
async def walk_action(tools: Client) -> AsyncIterator[str]:
    """The input action the built level's script uses, removed from the shared project afterwards."""
    yield ACTION
    await tools.call_tool("input_map_remove_action", {"action": ACTION})


async def snapshot(client: Client, scene: str) -> dict[str, Any]:
    """Every node's path, class, script, groups, instance and changed properties."""
    nodes: dict[str, Any] = {}
    for path, kind in await tree(client, scene):
        read = await call(client, "node_get", {"scene": scene, "node_path": path, "detail": "normal"})
        changed = {item["name"]: plain(item.get("value")) for item in read["properties"]}
        nodes[path] = (kind, read["script"], read["groups"], read.get("instance", ""), changed)
    return nodes


async def build(client: Client, scene: str, script: str) -> None:
    for kind, parent, name, properties in NODES:
        arguments = {
            "scene": scene,
            "class_name": kind,
            "parent": parent,
            "name": name,
            "properties": properties,
        }
        await call(client, "node_create", arguments)
    for name, position in COINS.items():
        arguments = {
            "scene": scene,
            "path": "res://scenes/coin.tscn",
            "name": name,
            "properties": {"position": position},
        }
        await call(client, "scene_instantiate", arguments)
    for kind, parent, name, properties in LATER_NODES:
        arguments = {
            "scene": scene,
            "class_name": kind,
            "parent": parent,
            "name": name,
            "properties": properties,
        }
        await call(client, "node_create", arguments)
    await call(client, "script_attach", {"scene": scene, "node_path": "Player", "path": script})
    await call(client, "node_add_to_group", {"scene": scene, "node_path": "Player", "group": "player"})


async def test_the_demo_level_can_be_built_saved_and_reopened_with_the_tools(
    tools: Client, scratch: Scratch, walk_action: str
) -> None:
    scene, script = scratch.path("level.tscn"), scratch.path("player.gd")
    await call(tools, "scene_create", {"path": scene, "root_class": "Node2D", "root_name": "Level"})
    await call(tools, "script_create", {"path": script, "extends": "CharacterBody2D"})
    await call(tools, "script_write", {"path": script, "content": PLAYER_SCRIPT})
    assert (await call(tools, "script_check", {"path": script}))["ok"] is True
    await call(
        tools, "input_map_add_action", {"action": walk_action, "events": [{"type": "key", "key": "D"}]}
    )
    await build(tools, scene, script)
    built = await snapshot(tools, scene)
    await call(tools, "scene_save", {"scene": scene})
    saved = await snapshot(tools, scene)  # sub-resources now have their place in the file
    await call(tools, "scene_close", {"scene": scene})
    reopened = await call(tools, "scene_open", {"path": scene})
    try:
        assert (reopened["root_name"], reopened["root_type"]) == ("Level", "Node2D")
        assert await tree(tools, scene) == EXPECTED_TREE
        assert await snapshot(tools, scene) == saved
        assert_what_was_asked(built, script)
    finally:
        await close_quietly(tools, scene)
    text = scratch.file("level.tscn").read_text()
    assert "size = Vector2(32, 32)" in text
    assert "size = Vector2(1152, 40)" in text
    actions = await call(tools, "input_map_list", {})
    assert walk_action in {action["action"] for action in actions["actions"]}


def assert_what_was_asked(nodes: dict[str, Any], script: str) -> None:
    kind, player_script, groups, _, player = nodes["Player"]
    assert (kind, player_script, groups) == ("CharacterBody2D", script, ["player"])
    assert player["position"] == vector2(160, 564)
    assert nodes["Player/Sprite2D"][4]["texture"]["path"] == "res://textures/player.png"
    assert nodes["Player/CollisionShape2D"][4]["shape"] == rectangle(32, 32)
    assert nodes["Ground/CollisionShape2D"][4]["shape"] == rectangle(1152, 40)
    assert nodes["Ground"][4]["position"] == vector2(576, 600)
    assert nodes["Ground/Polygon2D"][4]["polygon"] == GROUND_POLYGON
    for name, position in COINS.items():
        assert nodes[name][3] == "res://scenes/coin.tscn"
        assert nodes[name][4]["position"] == position
    assert nodes["Camera2D"][4]["position"] == vector2(576, 324)
    assert nodes["HUD/ScoreLabel"][4]["text"] == "Score: 0"


async def test_script_check_gives_the_line_of_a_syntax_error(tools: Client, scratch: Scratch) -> None:
    broken = scratch.path("broken_player.gd")
    content = "\n".join(
        [
            "extends CharacterBody2D",
            "",
            "",
            "func _physics_process(_delta: float) -> void:",
            "\tif is_on_floor()",
            "\t\tpass",
            "",
        ]
    )
    await call(tools, "script_write", {"path": broken, "content": content})
    report = await call(tools, "script_check", {"path": broken})
    assert report["ok"] is False
    assert [error["line"] for error in report["errors"]] == [5]
