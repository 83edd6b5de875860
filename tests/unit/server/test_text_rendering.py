"""The text of a tool result: readable lines, every value present, shorter than the compact JSON."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.server.text_rendering import compact_json, render


def test_an_object_is_key_value_lines_scalars_first() -> None:
    data: JsonObject = {"nodes": ["a b", "c\nd"], "has_more": False, "name": "Level", "next": None, "n": 2.5}
    assert render(data).splitlines()[:4] == ["has_more: false", "name: Level", "next: null", "n: 2.5"]


def test_a_short_list_of_plain_words_stays_on_one_line() -> None:
    assert render({"groups": ["player", "coins"], "none": []}) == "groups: [player, coins]\nnone: []"


def test_other_lists_of_strings_are_one_item_per_line_quoted_only_when_needed() -> None:
    rendered = render(
        {"lines": ["a.gd:3: var x = 1", "  Child: Node2D", "", "padded ", "true", "line\nbreak"]}
    )
    assert rendered.splitlines() == [
        "lines[6]:",
        "  a.gd:3: var x = 1",
        "    Child: Node2D",  # after the fixed indent, leading spaces are the item's own
        '  ""',
        '  "padded "',
        '  "true"',
        '  "line\\nbreak"',
    ]


def test_objects_that_share_keys_are_a_table_with_name_and_path_first() -> None:
    rows: list[JsonValue] = [
        {"depth": 0, "name": "Level", "path": ".", "groups": []},
        {
            "depth": 1,
            "name": "Coin, gold",
            "path": "Coin",
            "groups": ["coins"],
            "instance": "res://coin.tscn",
        },
        {"depth": 1, "name": "Hero", "path": "Hero", "groups": [], "script": ""},
    ]
    assert render({"nodes": rows}).splitlines() == [
        "nodes[3]{name,path,depth,groups,instance,script}:",
        "  Level,.,0,[]",
        '  "Coin, gold",Coin,1,["coins"],res://coin.tscn',
        '  Hero,Hero,1,[],,""',
    ]


def test_items_that_make_no_table_are_one_key_value_line_each() -> None:
    items: list[JsonValue] = [
        {"kind": "error", "text": "Parse error here", "line": 3},
        {"code": "X=1", "at": {"x": 1}},
        "and a note",
    ]
    assert render({"items": items}).splitlines() == [
        "items[3]:",
        '  kind=error text="Parse error here" line=3',
        '  code="X=1" at={"x":1}',
        "  and a note",
    ]


def test_a_table_is_chosen_only_when_it_is_shorter() -> None:
    few: list[JsonValue] = [{"a_long_column_name": 1}, {"another_long_column": 2}]
    assert render({"few": few}).splitlines() == [
        "few[2]:",
        "  a_long_column_name=1",
        "  another_long_column=2",
    ]


def test_nested_objects_are_compact_json() -> None:
    position: JsonObject = {"type": "Vector2", "x": 1.0, "y": 2.0}
    assert render({"value": position, "counts": {"error": 1}}) == (
        'value: {"type":"Vector2","x":1.0,"y":2.0}\ncounts: {"error":1}'
    )


def test_the_longest_text_runs_to_the_end_and_other_texts_are_indented() -> None:
    data: JsonObject = {"content": "extends Node\n\n\tpass\n", "path": "res://a.gd", "notes": "one\ntwo"}
    assert render(data) == "path: res://a.gd\nnotes:\n  one\n  two\ncontent:\nextends Node\n\n\tpass\n"


def test_keys_that_are_not_plain_words_are_quoted() -> None:
    assert render({"display name": "Pip", "a,b": 1}) == '"display name": Pip\n"a,b": 1'


def test_a_list_result_and_a_scalar_result_render_too() -> None:
    assert render([{"a": 1, "b": "x"}, {"a": 2, "b": "y"}]) == "[2]{a,b}:\n1,x\n2,y"
    assert render("two words") == "two words"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


def _leaves(value: JsonValue) -> list[str | int | float]:
    if isinstance(value, dict):
        return [*value, *(leaf for item in value.values() for leaf in _leaves(item))]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [] if value is None or isinstance(value, bool) else [value]


@given(st.dictionaries(st.text(max_size=6), _JSON, max_size=5))
def test_every_key_and_value_is_present_bare_or_json_quoted(data: JsonObject) -> None:
    rendered = render(data)
    for leaf in _leaves(data):
        spellings = {compact_json(leaf), json.dumps(leaf)} | ({leaf} if isinstance(leaf, str) else set())
        assert any(spelling in rendered for spelling in spellings), (leaf, rendered)


def _level(nodes: int) -> JsonObject:
    listed: list[JsonValue] = [
        {
            "child_count": 0,
            "depth": 2,
            "groups": ["coins"] if index % 5 == 0 else [],
            "name": f"Coin{index}",
            "path": f"Pickups/Coin{index}",
            "script": "res://scripts/coin.gd" if index % 2 else "",
            "type": "Area2D",
        }
        for index in range(nodes)
    ]
    return {"has_more": False, "nodes": listed, "returned": nodes, "scene": "res://level.tscn"}


def _node() -> JsonObject:
    vector: JsonObject = {"type": "Vector2", "x": 160.0, "y": 564.0}
    rows: list[JsonValue] = [
        {
            "name": f"property_{index}",
            "type": "Vector2" if index % 3 else "int",
            "value": vector if index % 3 else 0,
        }
        for index in range(45)
    ]
    return {
        "name": "Player",
        "node_path": "Player",
        "groups": ["player"],
        "properties": rows,
        "type": "Node2D",
    }


def test_a_scene_tree_and_a_node_description_are_much_shorter_than_compact_json() -> None:
    for data in (_level(80), _node()):
        assert len(render(data)) < 0.75 * len(compact_json(data))
