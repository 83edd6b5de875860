"""path.* on the real editor: Path2D/Path3D curve points set, added, removed, cleared, saved, undone."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

Point = tuple[tuple[float, ...], ...]


def xy(value: dict[str, Any]) -> tuple[float, ...]:
    return tuple(float(value[axis]) for axis in ("x", "y", "z") if axis in value)


async def points(client: Client, scene: str, node_path: str = "Track") -> list[Point]:
    """(position, in, out) of every point of the path's curve."""
    read = await call(client, "path_get_points", {"scene": scene, "node_path": node_path})
    return [(xy(p["position"]), xy(p["in"]), xy(p["out"])) for p in read["points"]]


async def test_set_points_creates_the_curve_saves_it_and_undo_takes_it_away(
    tools: Client, scene: str, engine_editor: EngineEditor
) -> None:
    await add(tools, scene, "Path2D", "Track")
    empty = await call(tools, "path_get_points", {"scene": scene, "node_path": "Track"})
    assert (empty["has_curve"], empty["points"], empty["total_points"]) == (False, [], 0)
    wanted = [{"position": [0, 0], "out": [10, 0]}, {"position": [100, 0], "in": [-10, 0]}]
    changed = await call(tools, "path_set_points", {"scene": scene, "node_path": "Track", "points": wanted})
    assert (changed["point_count"], changed["node_path"]) == (2, "Track")
    assert changed["baked_length"] == pytest.approx(100.0, abs=0.5)
    after: list[Point] = [((0.0, 0.0), (0.0, 0.0), (10.0, 0.0)), ((100.0, 0.0), (-10.0, 0.0), (0.0, 0.0))]
    assert await points(tools, scene) == after
    name = await assert_undo_redo(tools, scene, lambda: points(tools, scene), [], after)
    assert name == "MCP: Set points of path 'Track'"
    read = await call(tools, "path_get_points", {"scene": scene, "node_path": "Track", "limit": 1})
    assert (read["has_more"], read["next_offset"], len(read["points"])) == (True, 1, 1)
    await call(tools, "scene_save", {"scene": scene})
    saved = (engine_editor.project / scene.removeprefix("res://")).read_text("utf-8")
    assert '[sub_resource type="Curve2D"' in saved
    assert "PackedVector2Array(0, 0, 10, 0, 0, 0, -10, 0, 0, 0, 100, 0)" in saved.replace(".0", "")


async def test_add_point_inserts_at_an_index_with_tilt_in_3d(tools: Client, scene: str) -> None:
    await add(tools, scene, "Path3D", "Rail")
    base = {"scene": scene, "node_path": "Rail"}
    await call(tools, "path_add_point", base | {"position": [0, 0, 0]})
    await call(tools, "path_add_point", base | {"position": [0, 0, 10]})
    added = await call(tools, "path_add_point", base | {"position": [0, 5, 5], "index": 1, "tilt": 0.5})
    assert (added["index"], added["point_count"]) == (1, 3)
    read = await call(tools, "path_get_points", base)
    assert [xy(p["position"]) for p in read["points"]] == [(0, 0, 0), (0, 5, 5), (0, 0, 10)]
    assert read["points"][1]["tilt"] == pytest.approx(0.5)
    before = [(0.0, 0.0, 0.0), (0.0, 0.0, 10.0)]

    async def positions() -> list[tuple[float, ...]]:
        listed = await call(tools, "path_get_points", base)
        return [xy(p["position"]) for p in listed["points"]]

    await assert_undo_redo(tools, scene, positions, before, [(0, 0, 0), (0, 5, 5), (0, 0, 10)])


async def test_set_points_closes_a_3d_curve_and_undo_opens_it(tools: Client, scene: str) -> None:
    await add(tools, scene, "Path3D", "Loop")
    base = {"scene": scene, "node_path": "Loop"}
    square = [
        {"position": [0, 0, 0]},
        {"position": [10, 0, 0]},
        {"position": [10, 0, 10]},
        {"position": [0, 0, 10]},
    ]
    changed = await call(tools, "path_set_points", base | {"points": square, "closed": True})
    assert changed["baked_length"] == pytest.approx(40.0, abs=0.5)

    async def closed() -> tuple[bool, int]:
        read = await call(tools, "path_get_points", base)
        return read["closed"], read["total_points"]

    await assert_undo_redo(tools, scene, closed, (False, 0), (True, 4))
    await add(tools, scene, "Path2D", "Flat")
    refused = await call_fails(
        tools,
        "path_set_points",
        {"scene": scene, "node_path": "Flat", "points": [], "closed": True},
        "INVALID_PARAMS",
    )
    assert "Path2D" in refused["hint"]


async def test_remove_point_and_clear_are_undoable(tools: Client, scene: str) -> None:
    await add(tools, scene, "Path2D", "Track")
    base = {"scene": scene, "node_path": "Track"}
    three = [{"position": [0, 0]}, {"position": [5, 0]}, {"position": [9, 0]}]
    await call(tools, "path_set_points", base | {"points": three})
    removed = await call(tools, "path_remove_point", base | {"index": 1})
    assert removed["point_count"] == 2
    full: list[Point] = [((0.0, 0.0), (0.0, 0.0), (0.0, 0.0)), ((5.0, 0.0), (0.0, 0.0), (0.0, 0.0))]
    full.append(((9.0, 0.0), (0.0, 0.0), (0.0, 0.0)))
    await assert_undo_redo(tools, scene, lambda: points(tools, scene), full, [full[0], full[2]])
    cleared = await call(tools, "path_clear", base)
    assert (cleared["point_count"], cleared["baked_length"]) == (0, 0)
    await assert_undo_redo(tools, scene, lambda: points(tools, scene), [full[0], full[2]], [])


async def test_failures_name_the_next_step(tools: Client, scene: str) -> None:
    await add(tools, scene, "Path2D", "Track")
    await add(tools, scene, "Node2D", "Plain")
    base = {"scene": scene, "node_path": "Track"}
    out_of_range = await call_fails(tools, "path_remove_point", base | {"index": 0}, "INVALID_PARAMS")
    assert "path_get_points" in out_of_range["hint"]
    not_a_path = await call_fails(
        tools, "path_add_point", {"scene": scene, "node_path": "Plain", "position": [1, 1]}, "INVALID_PARAMS"
    )
    assert "Path2D" in not_a_path["message"]
    assert "node_create" in not_a_path["hint"]
    bad = await call_fails(
        tools, "path_set_points", base | {"points": [{"position": [0, 0]}, {"in": [1, 1]}]}, "INVALID_PARAMS"
    )
    assert "points/1/position" in bad["message"]
    wrong_type = await call_fails(tools, "path_add_point", base | {"position": "far"}, "TYPE_MISMATCH")
    assert "position" in wrong_type["message"]
    missing = await call_fails(tools, "path_clear", {"scene": scene, "node_path": "Trak"}, "NOT_FOUND")
    assert "Track" in missing["hint"]
    assert await points(tools, scene) == []
