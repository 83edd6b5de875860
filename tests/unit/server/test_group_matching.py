"""Free-text requests matched against tool groups: the right group, and none rather than a wrong one."""

from __future__ import annotations

from godot_live_mcp.server.group_matching import choose, rank, stem, words
from godot_live_mcp.server.session_groups import SessionGroups
from godot_live_mcp.server.surface import StartupTools, ToolGroup, resolve_surface
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.unit.server.surface_catalog import COMMANDS, entries, grouped


def groups(without: str = "") -> tuple[ToolGroup, ...]:
    commands = [raw for raw in COMMANDS if raw.get("group", {}).get("name") != without]
    return resolve_surface(entries(commands), ToolPolicy(), StartupTools(), SessionGroups()).groups


def chosen(request: str, without: str = "") -> list[str]:
    listed = groups(without)
    return [match.group for match in choose(request, rank(request, listed))]


def test_words_are_lowered_stemmed_and_split_without_stop_words() -> None:
    assert words("Paint the TileMap cells") == ["paint", "tile", "map", "cell"]
    assert [stem(word) for word in ("tiles", "painting", "classes", "bodies", "played")] == [
        "tile",
        "paint",
        "class",
        "body",
        "play",
    ]


def test_a_task_in_words_loads_the_group_whose_keywords_it_uses() -> None:
    assert chosen("paint a tile map") == ["tilemap"]


def test_one_shared_word_is_not_enough_to_load_a_group() -> None:
    # "map" is half of input_map's name, but the request is about tiles: nothing is loaded.
    assert chosen("paint a tile map", without="tilemap") == []
    matches = rank("paint a tile map", groups(without="tilemap"))
    assert matches[0].group == "input_map"
    assert "'map' in its name" in matches[0].reasons


def test_a_word_from_a_tool_name_finds_its_group() -> None:
    assert chosen("rename nodes") == ["node"]


def test_an_unrelated_request_matches_nothing() -> None:
    assert chosen("bake the navigation mesh") == []
    assert chosen("the and of") == []


def test_a_second_group_is_loaded_when_it_adds_a_keywords_worth() -> None:
    assert chosen("paint tiles and rename nodes") == ["tilemap", "node"]
    # "tile" is explained by tilemap already: input_map's "map" adds too little to be loaded.
    assert chosen("paint a tile map") == ["tilemap"]


def test_a_keyword_phrase_counts_as_the_groups_name() -> None:
    running = grouped("runtime.get_tree", "runtime", keywords=("runtime", "running game"))
    game = grouped("game.status", "game", keywords=("game", "status"))
    listed = resolve_surface(entries([running, game]), ToolPolicy(), StartupTools(), SessionGroups()).groups
    matches = rank("read the tree of the running game", listed)
    assert [match.group for match in choose("read the tree of the running game", matches)] == ["runtime"]
    assert "'running game' in its keywords" in matches[0].reasons


def test_a_word_many_groups_use_tells_less_than_a_rare_one() -> None:
    listed = groups()
    scene_word = rank("scene", listed)[0]
    tile_word = rank("tilemap", listed)[0]
    assert (scene_word.group, tile_word.group) == ("scene", "tilemap")
    assert scene_word.score < tile_word.score  # both are group names; "scene" is in more groups
