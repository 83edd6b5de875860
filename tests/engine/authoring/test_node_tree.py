"""node.rename, node.reparent and node.move on the real editor, each undone and redone."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo, tree, value, vector2

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_rename_renames_and_undo_redo_it(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Old")
    await add(tools, scene, "Node2D", "Kid", "Old")
    before = await tree(tools, scene)
    renamed = await call(tools, "node_rename", {"scene": scene, "node_path": "Old", "new_name": "New"})
    after = await tree(tools, scene)
    assert renamed == {"scene": scene, "node_path": "New", "old_name": "Old", "name": "New"}
    assert [path for path, _ in after] == [".", "New", "New/Kid"]
    assert (
        await assert_undo_redo(tools, scene, lambda: tree(tools, scene), before, after)
        == "MCP: rename Old to New"
    )


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"node_path": "A", "new_name": "B"}, "ALREADY_EXISTS"),
        ({"node_path": "A", "new_name": "bad:name"}, "INVALID_PARAMS"),
        ({"node_path": "Missing", "new_name": "C"}, "NOT_FOUND"),
    ],
)
async def test_rename_refuses_clashes_bad_names_and_unknown_nodes(
    tools: Client, scene: str, arguments: dict[str, str], code: str
) -> None:
    await add(tools, scene, "Node2D", "A")
    await add(tools, scene, "Node2D", "B")
    await call_fails(tools, "node_rename", {"scene": scene, **arguments}, code)
    assert [path for path, _ in await tree(tools, scene)] == [".", "A", "B"]


async def placement(client: Client, scene: str, node_path: str) -> tuple[Any, Any]:
    return (
        await value(client, scene, node_path, "position"),
        await value(client, scene, node_path, "global_position"),
    )


async def test_reparent_keeps_the_global_position_and_undo_redo_it(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Left", properties={"position": vector2(100, 0)})
    await add(tools, scene, "Node2D", "Right", properties={"position": vector2(0, 50)})
    await add(tools, scene, "Sprite2D", "Ball", "Left", properties={"position": vector2(5, 5)})
    before = (await tree(tools, scene), await placement(tools, scene, "Left/Ball"))
    moved = await call(
        tools, "node_reparent", {"scene": scene, "node_path": "Left/Ball", "new_parent": "Right"}
    )
    after = (await tree(tools, scene), await placement(tools, scene, "Right/Ball"))
    assert moved == {"scene": scene, "node_path": "Right/Ball", "old_parent": "Left", "parent": "Right"}
    assert after[1] == (vector2(105, -45), vector2(105, 5))

    async def snapshot() -> tuple[list[tuple[str, str]], tuple[Any, Any]]:
        listed = await tree(tools, scene)
        ball = "Left/Ball" if ("Left/Ball", "Sprite2D") in listed else "Right/Ball"
        return listed, await placement(tools, scene, ball)

    await assert_undo_redo(tools, scene, snapshot, before, after)


async def test_reparent_can_keep_the_local_position_instead(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Shifted", properties={"position": vector2(30, 0)})
    await add(tools, scene, "Node2D", "Mover", properties={"position": vector2(1, 2)})
    await call(
        tools,
        "node_reparent",
        {"scene": scene, "node_path": "Mover", "new_parent": "Shifted", "keep_global_transform": False},
    )
    assert await placement(tools, scene, "Shifted/Mover") == (vector2(1, 2), vector2(31, 2))


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"node_path": "Top", "new_parent": "Top/Middle/Bottom"}, "INVALID_OPERATION"),
        ({"node_path": "Top", "new_parent": "Top"}, "INVALID_OPERATION"),
        ({"node_path": ".", "new_parent": "Top"}, "INVALID_OPERATION"),
        ({"node_path": "Other/Middle", "new_parent": "Top"}, "ALREADY_EXISTS"),
        ({"node_path": "Top", "new_parent": "Nowhere"}, "NOT_FOUND"),
    ],
)
async def test_reparent_refuses_cycles_clashes_and_unknown_parents(
    tools: Client, scene: str, arguments: dict[str, str], code: str
) -> None:
    await add(tools, scene, "Node2D", "Top")
    await add(tools, scene, "Node2D", "Middle", "Top")
    await add(tools, scene, "Node2D", "Bottom", "Top/Middle")
    await add(tools, scene, "Node2D", "Other")
    await add(tools, scene, "Node2D", "Middle", "Other")
    before = await tree(tools, scene)
    await call_fails(tools, "node_reparent", {"scene": scene, **arguments}, code)
    assert await tree(tools, scene) == before


async def test_move_reorders_siblings_and_undo_redo_it(tools: Client, scene: str) -> None:
    for name in ("A", "B", "C"):
        await add(tools, scene, "Node2D", name)
    before = await tree(tools, scene)
    moved = await call(tools, "node_move", {"scene": scene, "node_path": "C", "index": 0})
    last = await call(tools, "node_move", {"scene": scene, "node_path": "A", "index": -1})
    after = await tree(tools, scene)
    assert (moved["index"], moved["previous_index"]) == (0, 2)
    assert (last["index"], last["previous_index"]) == (2, 1)
    assert [path for path, _ in after] == [".", "C", "B", "A"]
    middle = [(".", "Node2D"), ("C", "Node2D"), ("A", "Node2D"), ("B", "Node2D")]
    await assert_undo_redo(tools, scene, lambda: tree(tools, scene), middle, after)
    assert before != after


@pytest.mark.parametrize(
    ("node_path", "index", "code"), [("A", 5, "INVALID_PARAMS"), (".", 0, "INVALID_OPERATION")]
)
async def test_move_refuses_bad_indices_and_the_root(
    tools: Client, scene: str, node_path: str, index: int, code: str
) -> None:
    await add(tools, scene, "Node2D", "A")
    await call_fails(tools, "node_move", {"scene": scene, "node_path": node_path, "index": index}, code)
