"""Editing one member of a JSON (with comments) object in place: the data changes as asked, and taking the
new member out again gives back the original text byte for byte."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from godot_live_mcp.cli import _jsonc

_keys = st.text(st.characters(codec="utf-8", exclude_characters='"\\'), min_size=1, max_size=8)
_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_keys, inner, max_size=3),
    max_leaves=8,
)
_ENTRY = {"command": "/venv/bin/godot-live-mcp", "args": ["serve", "--project", "C:\\games\\my game"]}


@given(
    st.dictionaries(_keys, _values, min_size=1, max_size=5),
    st.sampled_from([None, 2, 4, "\t"]),
    st.booleans(),
)
def test_adding_then_removing_a_member_gives_back_the_text(
    data: dict[str, Any], indent: int | str | None, trailing_newline: bool
) -> None:
    text = json.dumps(data, indent=indent, ensure_ascii=False) + ("\n" if trailing_newline else "")
    key = "godot" if "godot" not in data else "godot-2"

    added = _jsonc.set_member(text, _jsonc.parse(text), key, _ENTRY)

    assert json.loads(added) == {**data, key: _ENTRY}
    assert _jsonc.remove_member(added, _jsonc.parse(added), key) == text


def test_comments_and_trailing_commas_stay() -> None:
    text = '{\n  // servers\n  "servers": {\n    "a": 1, // one\n  },\n  /* end */\n}\n'
    root = _jsonc.parse(text)
    servers = root.member("servers")
    assert servers is not None

    added = _jsonc.set_member(text, servers.value, "godot", {"x": 1})

    assert added == (
        '{\n  // servers\n  "servers": {\n    "a": 1, // one\n    "godot": {\n      "x": 1\n    },\n  },\n'
        "  /* end */\n}\n"
    )
    assert _jsonc.parse(added).data == {"servers": {"a": 1, "godot": {"x": 1}}}


def test_a_value_is_replaced_where_it_stands() -> None:
    text = '{"first": 1, "godot": {"command": "old"}, "last": 3}'

    replaced = _jsonc.set_member(text, _jsonc.parse(text), "godot", {"command": "new"})

    assert replaced == '{"first": 1, "godot": {\n  "command": "new"\n}, "last": 3}'


def test_a_comment_after_the_last_member_stays_on_its_line() -> None:
    text = '{\n  "a": 1 // keep me here\n}'

    added = _jsonc.set_member(text, _jsonc.parse(text), "b", 2)

    assert added == '{\n  "a": 1, // keep me here\n  "b": 2\n}'


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"a": 1,, "b": 2}', "line 1, column 9"),
        ('{\n  "a": tru\n}', "line 2, column 8"),
        ('{"a": 1} trailing', "line 1, column 10"),
        ("/* never closed", "line 1, column 1"),
    ],
)
def test_broken_text_names_line_and_column(text: str, where: str) -> None:
    with pytest.raises(_jsonc.JsoncError, match=where):
        _jsonc.parse(text)


def test_an_empty_object_gets_the_member_on_its_own_line() -> None:
    text = '{\n    "servers": {}\n}\n'
    servers = _jsonc.parse(text).member("servers")
    assert servers is not None

    added = _jsonc.set_member(text, servers.value, "godot", 1)

    assert added == '{\n    "servers": {\n        "godot": 1\n    }\n}\n'
