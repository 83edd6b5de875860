"""node.add_to_group and node.remove_from_group on the real editor: persisted, undone and redone."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def groups_of(client: Client, scene: str, node_path: str) -> list[str]:
    read = await call(client, "node_get", {"scene": scene, "node_path": node_path, "names": []})
    return list(read["groups"])


async def test_add_to_group_is_saved_with_the_scene_and_undoable(tools: Client, scene: str) -> None:
    await add(tools, scene, "Area2D", "Gem")
    added = await call(tools, "node_add_to_group", {"scene": scene, "node_path": "Gem", "group": "loot"})
    again = await call(tools, "node_add_to_group", {"scene": scene, "node_path": "Gem", "group": "loot"})
    assert added == {"scene": scene, "node_path": "Gem", "group": "loot", "changed": True, "groups": ["loot"]}
    assert again["changed"] is False
    name = await assert_undo_redo(tools, scene, lambda: groups_of(tools, scene, "Gem"), [], ["loot"])
    assert name == "MCP: add Gem to group loot"
    await call(tools, "scene_save", {"scene": scene})
    await call(tools, "scene_reload", {"scene": scene})
    assert await groups_of(tools, scene, "Gem") == ["loot"]


async def test_remove_from_group_takes_it_out_and_undo_puts_it_back(tools: Client, scene: str) -> None:
    await add(tools, scene, "Area2D", "Gem")
    await call(tools, "node_add_to_group", {"scene": scene, "node_path": "Gem", "group": "loot"})
    removed = await call(
        tools, "node_remove_from_group", {"scene": scene, "node_path": "Gem", "group": "loot"}
    )
    absent = await call(
        tools, "node_remove_from_group", {"scene": scene, "node_path": "Gem", "group": "loot"}
    )
    assert (removed["changed"], removed["groups"], absent["changed"]) == (True, [], False)
    await assert_undo_redo(tools, scene, lambda: groups_of(tools, scene, "Gem"), ["loot"], [])


@pytest.mark.parametrize(
    ("tool", "arguments", "code"),
    [
        ("node_add_to_group", {"node_path": "Gem", "group": ""}, "INVALID_PARAMS"),
        ("node_add_to_group", {"node_path": "Gem", "group": "_engine"}, "INVALID_PARAMS"),
        ("node_add_to_group", {"node_path": "Nope", "group": "loot"}, "NOT_FOUND"),
        ("node_remove_from_group", {"node_path": "Nope", "group": "loot"}, "NOT_FOUND"),
    ],
)
async def test_group_changes_refuse_bad_names_and_unknown_nodes(
    tools: Client, scene: str, tool: str, arguments: dict[str, str], code: str
) -> None:
    await add(tools, scene, "Area2D", "Gem")
    await call_fails(tools, tool, {"scene": scene, **arguments}, code)
    assert await groups_of(tools, scene, "Gem") == []
