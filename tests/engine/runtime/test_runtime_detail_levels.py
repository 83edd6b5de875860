"""The detail levels of runtime_get_tree, runtime_find and runtime_get_node in the running game: the
same shapes and size caps as their editor twins (scene_get_tree, node_find, node_get)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine._detail_levels import CAPS, chars, tree_paths
from tests.engine.runtime.conftest import call
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LEVEL = "res://scenes/level.tscn"
CROWD = """var crowd := Node.new()
crowd.name = "Crowd"
scene.add_child(crowd)
for g in range(1, 31):
\tvar group := Node.new()
\tgroup.name = "Group%02d" % g
\tcrowd.add_child(group)
\tfor u in range(1, 10):
\t\tvar unit := Node.new()
\t\tunit.name = "Unit%02d" % u
\t\tgroup.add_child(unit)
return crowd.get_child_count()"""
UNITS = [f"Crowd/Group{g:02}/Unit{u:02}" for g in range(1, 31) for u in range(1, 10)]


async def every_page(game: Client, tool: str, key: str, **arguments: Any) -> list[dict[str, Any]]:
    """Every page of a listing, asking on from next_offset; each page's items must fit the level's cap."""
    pages: list[dict[str, Any]] = []
    offset = 0
    while True:
        page = await call(game, tool, **arguments, offset=offset)
        assert chars(page[key]) <= CAPS[arguments.get("detail", "normal")], page.get("hint")
        pages.append(page)
        if not page["has_more"]:
            return pages
        assert page["next_offset"] == offset + page["returned"]
        offset = page["next_offset"]


@pytest.fixture
async def crowd(game: Client) -> AsyncIterator[None]:
    """301 live nodes added to the game's level (Crowd/GroupNN/UnitNN), freed at the end."""
    assert (await call(game, "execute_code", code=CROWD))["value"] == 30
    yield
    await call(game, "execute_code", code="scene.get_node('Crowd').free()")


@pytest.fixture
async def level(game: Client) -> AsyncIterator[Client]:
    """The running game's level, also open in the editor (closed again if it was not open before)."""
    open_scenes = structured(await game.call_tool("scene_list_open", {}))["scenes"]
    opened_here = LEVEL not in {scene["path"] for scene in open_scenes}
    if opened_here:
        await call(game, "scene_open", path=LEVEL)
    yield game
    if opened_here:
        await game.call_tool("scene_close", {"scene": LEVEL, "discard_changes": True})


async def test_brief_lists_the_live_tree_one_line_a_node(game: Client) -> None:
    tree = await call(game, "runtime_get_tree", detail="brief", max_depth=1)
    from_root = await call(game, "runtime_get_tree", detail="brief", node_path="/root", max_depth=2)
    assert "nodes" not in tree
    assert tree["tree"][:3] == [".: Node2D", "  Player: CharacterBody2D", "  Ground: StaticBody2D"]
    assert from_root["tree"][0] == "/root: Window"
    assert "  GameState: Node" in from_root["tree"]
    scene_line = from_root["tree"].index(".: Node2D")  # the scene's root as tools name it, at the left
    assert from_root["tree"][scene_line + 1] == "  Player: CharacterBody2D"


async def test_normal_rows_leave_out_the_name_depth_and_what_is_not_set(game: Client) -> None:
    normal = await call(game, "runtime_get_tree", max_depth=1)
    rows = {row["path"]: row for row in normal["nodes"]}
    assert rows["Player"] == {
        "path": "Player",
        "type": "CharacterBody2D",
        "script": "res://scripts/player.gd",
    }
    assert rows["Camera2D"] == {"path": "Camera2D", "type": "Camera2D"}


async def test_a_long_live_listing_is_cut_to_the_cap_and_paging_reaches_every_node_once(
    game: Client, crowd: None
) -> None:
    brief = await every_page(game, "runtime_get_tree", "tree", node_path="Crowd", detail="brief")
    normal = await every_page(game, "runtime_get_tree", "nodes", node_path="Crowd", limit=1000)
    found = await every_page(game, "runtime_find", "tree", node_path="Crowd", name="Unit*", detail="brief")
    assert (brief[0]["total_nodes"], len(brief) > 2, len(normal) > 1) == (301, True, True)
    assert "Cut at 2000 characters (detail brief)" in brief[0]["hint"]
    brief_paths = [path for page in brief for path in tree_paths(page["tree"])]
    assert brief_paths == [row["path"] for page in normal for row in page["nodes"]]
    assert sorted(brief_paths) == sorted({"Crowd", *UNITS, *(path.rsplit("/", 1)[0] for path in UNITS)})
    assert [path for page in found for path in tree_paths(page["tree"])] == UNITS


async def test_find_answers_alike_in_editor_and_game_at_every_level(level: Client) -> None:
    for filters in ({"type": "Area2D"}, {"group": "player"}):
        for detail in ("brief", "normal", "full"):
            in_editor = await call(level, "node_find", scene=LEVEL, detail=detail, **filters)
            in_game = await call(level, "runtime_find", detail=detail, **filters)
            if detail == "full":
                for row in in_editor["nodes"]:
                    row.pop("editable_children", None)
            assert in_editor == in_game, (filters, detail)
    coins = await call(level, "runtime_find", type="Area2D", detail="brief")
    assert coins["tree"] == ["Coin1: Area2D", "Coin2: Area2D"]


async def test_a_node_is_described_alike_at_every_level(level: Client) -> None:
    brief_in_editor = await call(level, "node_get", scene=LEVEL, node_path="Player", detail="brief")
    brief_in_game = await call(level, "runtime_get_node", node_path="Player", detail="brief")
    del brief_in_editor["scene"]
    assert brief_in_editor == brief_in_game
    assert "properties" not in brief_in_game
    for detail in ("normal", "full"):
        in_editor = await call(level, "node_get", scene=LEVEL, node_path="Player", detail=detail)
        in_game = await call(level, "runtime_get_node", node_path="Player", detail=detail)
        assert set(in_editor) - {"scene"} == set(in_game)
        assert {row["name"] for row in in_editor["properties"]} <= {
            row["name"] for row in in_game["properties"]
        }
    changed = await call(level, "runtime_get_node", node_path="Player")
    assert "position" in {row["name"] for row in changed["properties"]}
    assert "speed" not in {row["name"] for row in changed["properties"]}
