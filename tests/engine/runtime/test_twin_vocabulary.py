"""The editor's tools and their twins in the running game speak one vocabulary: on the same scene (open in
the editor) and the same live nodes (in the game), they take the same arguments and answer the same shapes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import call, error_code, error_text
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LEVEL = "res://scenes/level.tscn"
# What only the editor knows: which scene it acted on, and whether an instance's children are editable.
EDITOR_ONLY = {"scene", "editable_children"}


def shape(value: Any) -> Any:
    """The JSON shape of value: objects by key, arrays by the shape of their items, scalars by kind."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items() if key not in EDITOR_ONLY}
    if isinstance(value, list):
        return sorted({repr(shape(item)) for item in value})
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def without_editor_only(value: dict[str, Any]) -> dict[str, Any]:
    return {key: item for key, item in value.items() if key not in EDITOR_ONLY}


@pytest.fixture(scope="module")
async def level(game: Client) -> AsyncIterator[Client]:
    """The running game's level, also open in the editor (closed again if it was not open before)."""
    open_scenes = structured(await game.call_tool("scene_list_open", {}))["scenes"]
    opened_here = LEVEL not in {scene["path"] for scene in open_scenes}
    if opened_here:
        await call(game, "scene_open", path=LEVEL)
    try:
        yield game
    finally:
        if opened_here:
            await game.call_tool("scene_close", {"scene": LEVEL, "discard_changes": True})


async def test_finding_nodes_takes_the_same_filters_and_answers_the_same_rows(level: Client) -> None:
    for filters in (
        {"type": "Player"},
        {"group": "player"},
        {"name": "Pl*", "script": "res://scripts/player.gd"},
    ):
        in_editor = await call(level, "node_find", scene=LEVEL, **filters)
        in_game = await call(level, "runtime_find", **filters)
        assert in_editor["scene"] == in_game["scene"] == LEVEL
        assert in_editor == in_game, filters
    editor_coins = await call(level, "node_find", scene=LEVEL, type="Area2D")
    game_coins = await call(level, "runtime_find", type="Area2D")
    assert [without_editor_only(row) for row in editor_coins["nodes"]] == game_coins["nodes"]
    assert editor_coins["nodes"][0]["instance"] == "res://scenes/coin.tscn"


async def test_a_node_is_described_with_the_same_fields_and_property_rows(level: Client) -> None:
    in_editor = await call(level, "node_get", scene=LEVEL, node_path="Player", detail="full")
    in_game = await call(level, "runtime_get_node", node_path="Player", detail="full")
    assert shape(in_editor) == shape(in_game)
    assert without_editor_only(in_editor)["children"] == in_game["children"]
    types_in_editor = {row["name"]: row["type"] for row in in_editor["properties"]}
    types_in_game = {row["name"]: row["type"] for row in in_game["properties"]}
    # The same inspector properties with the same type names (the engine hides a few more in the editor,
    # such as CharacterBody2D's wall_min_slide_angle).
    assert types_in_editor == {name: types_in_game[name] for name in types_in_editor}
    assert {"speed": "float", "position": "Vector2", "motion_mode": "int"}.items() <= types_in_game.items()


async def test_properties_are_read_by_name_alike(level: Client) -> None:
    names = ["speed", "position", "nonesuch"]
    in_editor = await call(level, "node_get", scene=LEVEL, node_path="Player", names=names)
    in_game = await call(level, "runtime_get_node", node_path="Player", names=names)
    assert shape(in_editor) == shape(in_game)
    speed = {"name": "speed", "type": "float", "value": 200.0}
    assert in_editor["properties"][0] == in_game["properties"][0] == speed
    missing = [{"name": "nonesuch", "reason": "no such property"}]
    assert in_editor["unreadable"] == in_game["unreadable"] == missing


async def test_properties_are_set_with_the_same_arguments_and_answers(level: Client) -> None:
    arguments = {"node_path": "Player", "properties": {"speed": 200.0, "jump_velocity": -400.0}}
    in_editor = await call(level, "node_set_property", scene=LEVEL, **arguments)
    await call(level, "editor_undo", scene=LEVEL)
    in_game = await call(level, "runtime_set_property", **arguments)
    assert without_editor_only(in_editor) == in_game


async def test_signals_are_named_and_described_alike(level: Client) -> None:
    listed = await call(level, "signal_list", scene=LEVEL, node_path="Coin1")
    collected = next(row for row in listed["signals"] if row["name"] == "collected")
    watch = await call(level, "signal_watch", node_path="Coin1", signal="collected")
    await call(level, "signal_unwatch", watch_id=watch["watch_id"])
    assert watch["args"] == collected["args"] == ["value: int"]


async def test_a_missing_node_is_refused_alike_with_its_neighbours_named(level: Client) -> None:
    in_editor = await level.call_tool("node_get", {"scene": LEVEL, "node_path": "Playr"})
    in_game = await level.call_tool("runtime_get_node", {"node_path": "Playr"})
    assert error_code(in_editor) == error_code(in_game) == ErrorCode.NOT_FOUND
    assert "Player" in error_text(in_editor)
    assert "Player" in error_text(in_game)
