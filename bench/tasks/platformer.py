"""Build and play the example platformer: the calls an assistant makes, one plan for each generation of
tools. The scripts are the example project's own files, so the built game is the example's game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from support.demo_project import DEMO_PROJECT

SCORE_NODE = "/root/GameState"
# Where the player starts and the coins lie: on the ground's top edge, so walking right takes all three.
PLAYER_X = 160
COIN_XS = (400, 560, 720)
FLOOR_Y = 564
WALK_FRAMES = 200  # 200 px/s at 60 frames a second: past the last coin


@dataclass(frozen=True)
class Call:
    """One tool call of a plan; ``verify`` tells from its structured result whether the task is done."""

    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)
    verify: Callable[[dict[str, Any]], bool] | None = None
    may_fail: bool = False

    def wrapped(self) -> dict[str, Any]:
        """The arguments of ``run_tool`` calling this tool (for a tool the connection does not list)."""
        return {"name": self.tool, "arguments": self.arguments}


def score_is_three(result: dict[str, Any]) -> bool:
    """runtime_get_node of the GameState autoload: its score property is 3."""
    properties = result.get("properties", [])
    return any(item.get("name") == "score" and item.get("value") == 3 for item in properties)


def playtest_passed(result: dict[str, Any]) -> bool:
    """runtime_playtest: every assertion (the score is 3) held."""
    return result.get("passed") is True and result.get("assertions_failed") == 0


def script(path: str) -> str:
    return (DEMO_PROJECT / path).read_text(encoding="utf-8")


def vec2(x: float, y: float) -> dict[str, Any]:
    return {"type": "Vector2", "x": x, "y": y}


def texture(name: str) -> dict[str, Any]:
    return {"type": "Resource", "path": f"res://textures/{name}.png"}


def new_shape(kind: str, **properties: Any) -> dict[str, Any]:
    return {"type": "NewResource", "class": kind, "properties": properties}


KEYS = {"move_left": "Left", "move_right": "Right", "jump": "Space"}
GROUPS = [
    "scene",
    "node",
    "script",
    "file",
    "project",
    "input_map",
    "signal",
    "autoload",
    "game",
    "runtime",
    "input",
]
BATCH_TOOLS = [
    *("editor_batch", "file_write", "autoload_add", "input_map_add_action", "project_set_setting"),
    *("script_attach", "node_add_to_group", "signal_connect", "scene_instantiate", "runtime_playtest"),
]
SCRIPTS = {
    "res://scripts/player.gd": "scripts/player.gd",
    "res://scripts/coin.gd": "scripts/coin.gd",
    "res://scripts/level.gd": "scripts/level.gd",
    "res://autoload/game_state.gd": "autoload/game_state.gd",
}
GROUND = {"position": vec2(576, 600)}
GROUND_SHAPE = {"shape": new_shape("RectangleShape2D", size=vec2(1152, 40))}
GROUND_LOOK = {
    "color": {"type": "Color", "r": 0.3, "g": 0.55, "b": 0.29, "a": 1},
    "polygon": {"type": "PackedVector2Array", "values": [[-576, -20], [576, -20], [576, 20], [-576, 20]]},
}
LABEL = {"text": "Score: 0", "position": vec2(16, 16)}


def setup_calls() -> list[Call]:
    """Scripts, the autoload, the input actions and the main scene: the same in every plan."""
    calls = [Call("discover_tools", {"request": GROUPS})]
    calls += [
        Call("file_write", {"path": path, "content": script(source)}) for path, source in SCRIPTS.items()
    ]
    calls.append(Call("autoload_add", {"name": "GameState", "path": "res://autoload/game_state.gd"}))
    calls += [
        Call("input_map_add_action", {"action": action, "events": [{"type": "key", "key": key}]})
        for action, key in KEYS.items()
    ]
    return calls


def single_plan() -> list[Call]:
    """Stage 2's tools: one call for each node, script, group and connection."""
    calls = setup_calls()
    calls += [
        Call("scene_create", {"path": "res://scenes/coin.tscn", "root_class": "Area2D", "root_name": "Coin"}),
        Call(
            "node_create",
            {
                "class_name": "CollisionShape2D",
                "parent": ".",
                "properties": {"shape": new_shape("CircleShape2D", radius=8)},
            },
        ),
        Call(
            "node_create",
            {"class_name": "Sprite2D", "parent": ".", "properties": {"texture": texture("coin")}},
        ),
        Call("script_attach", {"node_path": ".", "path": "res://scripts/coin.gd"}),
        Call("node_add_to_group", {"node_path": ".", "group": "coins"}),
        Call(
            "signal_connect",
            {"node_path": ".", "signal": "body_entered", "target": ".", "method": "_on_body_entered"},
        ),
        Call("scene_save", {}),
        Call(
            "scene_create", {"path": "res://scenes/level.tscn", "root_class": "Node2D", "root_name": "Level"}
        ),
        Call("script_attach", {"node_path": ".", "path": "res://scripts/level.gd"}),
        Call(
            "node_create",
            {
                "class_name": "CharacterBody2D",
                "name": "Player",
                "parent": ".",
                "properties": {"position": vec2(PLAYER_X, FLOOR_Y)},
            },
        ),
        Call("script_attach", {"node_path": "Player", "path": "res://scripts/player.gd"}),
        Call("node_add_to_group", {"node_path": "Player", "group": "player"}),
        Call(
            "node_create",
            {"class_name": "Sprite2D", "parent": "Player", "properties": {"texture": texture("player")}},
        ),
        Call(
            "node_create",
            {
                "class_name": "CollisionShape2D",
                "parent": "Player",
                "properties": {"shape": new_shape("RectangleShape2D", size=vec2(32, 32))},
            },
        ),
        Call(
            "node_create",
            {"class_name": "StaticBody2D", "name": "Ground", "parent": ".", "properties": GROUND},
        ),
        Call(
            "node_create", {"class_name": "CollisionShape2D", "parent": "Ground", "properties": GROUND_SHAPE}
        ),
        Call("node_create", {"class_name": "Polygon2D", "parent": "Ground", "properties": GROUND_LOOK}),
    ]
    for index, x in enumerate(COIN_XS, start=1):
        calls.append(
            Call(
                "scene_instantiate",
                {
                    "path": "res://scenes/coin.tscn",
                    "name": f"Coin{index}",
                    "parent": ".",
                    "properties": {"position": vec2(x, FLOOR_Y)},
                },
            )
        )
        calls.append(
            Call(
                "signal_connect",
                {
                    "node_path": f"Coin{index}",
                    "signal": "collected",
                    "target": ".",
                    "method": "_on_coin_collected",
                },
            )
        )
    calls += [
        Call(
            "node_create",
            {"class_name": "Camera2D", "parent": ".", "properties": {"position": vec2(576, 324)}},
        ),
        Call("node_create", {"class_name": "CanvasLayer", "name": "HUD", "parent": "."}),
        Call(
            "node_create", {"class_name": "Label", "name": "ScoreLabel", "parent": "HUD", "properties": LABEL}
        ),
        Call("scene_save", {}),
        Call(
            "project_set_setting", {"name": "application/run/main_scene", "value": "res://scenes/level.tscn"}
        ),
    ]
    calls += [
        Call("game_start", {}),
        Call("runtime_pause", {}),
        Call("input_action_press", {"action": "move_right"}),
        Call("runtime_step", {"frames": WALK_FRAMES}),
        Call("input_action_release", {"action": "move_right"}),
        Call("runtime_get_node", {"node_path": SCORE_NODE, "names": ["score"]}, verify=score_is_three),
        Call("runtime_get_log", {"kinds": ["error", "warning", "script_error"]}),
        Call("game_stop", {}),
    ]
    return calls


def step(tool: str, **arguments: Any) -> dict[str, Any]:
    """One step of an ``editor_batch``."""
    return {"tool": tool, "arguments": arguments}


def child(
    kind: str, properties: dict[str, Any], *, name: str = "", children: list[Any] | None = None
) -> dict[str, Any]:
    """One node of a ``node_create`` subtree."""
    node: dict[str, Any] = {"class_name": kind, "properties": properties}
    if name:
        node["name"] = name
    if children:
        node["children"] = children
    return node


PLAYTEST = {
    "watch": ["GameState.score"],
    "steps": [
        {"do": "hold", "action": "move_right", "frames": WALK_FRAMES},
        {"do": "assert", "condition": "GameState.score == 3"},
    ],
}


def batch_plan() -> list[Call]:
    """Issue 23's tools: a batch of edits as one undo step, node subtrees, and one playtest script."""
    # The tools this plan calls, by name: one signature line each (discover_tools takes names as well as
    # groups), instead of every tool of eleven groups.
    calls = [Call("discover_tools", {"request": BATCH_TOOLS})]
    calls += [
        Call("file_write", {"path": path, "content": script(source)}) for path, source in SCRIPTS.items()
    ]
    project_steps = [step("autoload_add", name="GameState", path="res://autoload/game_state.gd")]
    project_steps += [
        step("input_map_add_action", action=action, events=[{"type": "key", "key": key}])
        for action, key in KEYS.items()
    ]
    project_steps.append(
        step("project_set_setting", name="application/run/main_scene", value="res://scenes/level.tscn")
    )
    calls.append(Call("editor_batch", {"steps": project_steps}))
    coin_steps = [
        step(
            "node_create",
            class_name="CollisionShape2D",
            parent=".",
            properties={"shape": new_shape("CircleShape2D", radius=8)},
        ),
        step("node_create", class_name="Sprite2D", parent=".", properties={"texture": texture("coin")}),
        step("script_attach", node_path=".", path="res://scripts/coin.gd"),
        step("node_add_to_group", node_path=".", group="coins"),
        step("signal_connect", node_path=".", signal="body_entered", target=".", method="_on_body_entered"),
    ]
    calls += [
        Call("scene_create", {"path": "res://scenes/coin.tscn", "root_class": "Area2D", "root_name": "Coin"}),
        Call("editor_batch", {"steps": coin_steps}),
        Call("scene_save", {}),
    ]
    player = [
        child("Sprite2D", {"texture": texture("player")}),
        child("CollisionShape2D", {"shape": new_shape("RectangleShape2D", size=vec2(32, 32))}),
    ]
    ground = [child("CollisionShape2D", GROUND_SHAPE), child("Polygon2D", GROUND_LOOK)]
    level_steps = [
        step("script_attach", node_path=".", path="res://scripts/level.gd"),
        step(
            "node_create",
            class_name="CharacterBody2D",
            name="Player",
            parent=".",
            properties={"position": vec2(PLAYER_X, FLOOR_Y)},
            children=player,
        ),
        step("script_attach", node_path="Player", path="res://scripts/player.gd"),
        step("node_add_to_group", node_path="Player", group="player"),
        step(
            "node_create",
            class_name="StaticBody2D",
            name="Ground",
            parent=".",
            properties=GROUND,
            children=ground,
        ),
    ]
    for index, x in enumerate(COIN_XS, start=1):
        level_steps.append(
            step(
                "scene_instantiate",
                path="res://scenes/coin.tscn",
                name=f"Coin{index}",
                parent=".",
                properties={"position": vec2(x, FLOOR_Y)},
            )
        )
        level_steps.append(
            step(
                "signal_connect",
                node_path=f"Coin{index}",
                signal="collected",
                target=".",
                method="_on_coin_collected",
            )
        )
    level_steps += [
        step("node_create", class_name="Camera2D", parent=".", properties={"position": vec2(576, 324)}),
        step(
            "node_create",
            class_name="CanvasLayer",
            name="HUD",
            parent=".",
            children=[child("Label", LABEL, name="ScoreLabel")],
        ),
    ]
    calls += [
        Call(
            "scene_create", {"path": "res://scenes/level.tscn", "root_class": "Node2D", "root_name": "Level"}
        ),
        Call("editor_batch", {"steps": level_steps}),
        Call("scene_save", {}),
        Call("game_start", {}),
        Call("runtime_playtest", {"script": PLAYTEST}, verify=playtest_passed),
        Call("game_stop", {}),
    ]
    return calls


PLANS: dict[str, list[Call]] = {"single": single_plan(), "batch": batch_plan()}
