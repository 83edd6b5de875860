from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from godot_live_mcp.instances.project_file import (
    format_string_array,
    parse_string,
    parse_string_array,
    read_value,
    section_values,
    with_section_renamed,
    with_value,
)

PROJECT = """\
; Engine configuration file.
; [not_a_section] in a comment

config_version=5

[application]

config/name="Demo [Platformer]"
config/features=PackedStringArray("4.6")

[input]

move_left={
"deadzone": 0.2,
"events": [Object(InputEventKey,"keycode":0,"physical_keycode":4194319,"script":null)
, Object(InputEventKey,"keycode":0,"physical_keycode":65,"script":null)
]
}
jump={
"events": [
[1, 2]
]
}

[rendering]

renderer/rendering_method="gl_compatibility"
"""


def test_reads_a_value_from_a_section() -> None:
    assert read_value(PROJECT, "application", "config/name") == '"Demo [Platformer]"'
    assert read_value(PROJECT, "rendering", "renderer/rendering_method") == '"gl_compatibility"'


def test_reads_keys_before_the_first_section() -> None:
    assert read_value(PROJECT, "", "config_version") == "5"


def test_missing_key_or_section_reads_as_none() -> None:
    assert read_value(PROJECT, "application", "nope") is None
    assert read_value(PROJECT, "editor_plugins", "enabled") is None
    assert read_value(PROJECT, "not_a_section", "x") is None


def test_multiline_values_do_not_hide_later_keys_or_fake_sections() -> None:
    # Lines inside the input dictionaries start with "[" and "]"; they are not section headers.
    move_left = read_value(PROJECT, "input", "move_left")
    assert move_left is not None
    assert move_left.startswith('{\n"deadzone": 0.2,')
    assert move_left.endswith("]\n}")
    assert read_value(PROJECT, "input", "jump") == '{\n"events": [\n[1, 2]\n]\n}'
    assert read_value(PROJECT, "rendering", "renderer/rendering_method") is not None


def test_replacing_a_value_changes_only_that_value() -> None:
    changed = with_value(PROJECT, "application", "config/name", '"Other"')

    assert changed == PROJECT.replace('"Demo [Platformer]"', '"Other"')


def test_replacing_a_multiline_value_keeps_the_rest() -> None:
    changed = with_value(PROJECT, "input", "move_left", "{}")

    assert read_value(changed, "input", "move_left") == "{}"
    assert read_value(changed, "input", "jump") == read_value(PROJECT, "input", "jump")
    assert changed.endswith('renderer/rendering_method="gl_compatibility"\n')


def test_adds_a_key_after_the_last_key_of_its_section() -> None:
    changed = with_value(PROJECT, "application", "run/main_scene", '"res://main.tscn"')

    assert 'config/features=PackedStringArray("4.6")\nrun/main_scene="res://main.tscn"\n\n[input]' in changed
    assert changed.replace('run/main_scene="res://main.tscn"\n', "") == PROJECT


def test_adds_a_missing_section_at_the_end() -> None:
    changed = with_value(PROJECT, "editor_plugins", "enabled", "PackedStringArray()")

    assert changed == PROJECT + "\n[editor_plugins]\n\nenabled=PackedStringArray()\n"
    assert read_value(changed, "editor_plugins", "enabled") == "PackedStringArray()"


def test_adds_a_section_to_a_file_without_final_newline() -> None:
    changed = with_value("config_version=5", "a", "b", "1")

    assert changed == "config_version=5\n\n[a]\n\nb=1\n"


def test_adds_a_key_to_an_empty_section_at_end_of_file() -> None:
    assert with_value("[a]", "a", "b", "1") == "[a]\nb=1\n"


def test_setting_the_same_value_is_idempotent() -> None:
    once = with_value(PROJECT, "editor_plugins", "enabled", 'PackedStringArray("x")')

    assert with_value(once, "editor_plugins", "enabled", 'PackedStringArray("x")') == once


def test_keeps_crlf_line_endings() -> None:
    text = 'config_version=5\r\n\r\n[application]\r\n\r\nconfig/name="A"\r\n'

    assert read_value(text, "application", "config/name") == '"A"'
    changed = with_value(text, "application", "config/icon", '"i.svg"')
    assert changed == text + 'config/icon="i.svg"\r\n'
    assert with_value(text, "x", "y", "1").endswith("\r\n[x]\r\n\r\ny=1\r\n")


def test_string_with_escaped_quote_and_bracket_stays_one_value() -> None:
    text = '[a]\nname="say \\"hi\\" {"\nnext=1\n'

    assert read_value(text, "a", "name") == '"say \\"hi\\" {"'
    assert read_value(text, "a", "next") == "1"


def test_parses_packed_string_arrays() -> None:
    assert parse_string_array('PackedStringArray("res://a/plugin.cfg", "res://b/plugin.cfg")') == [
        "res://a/plugin.cfg",
        "res://b/plugin.cfg",
    ]
    assert parse_string_array("PackedStringArray()") == []
    assert parse_string_array('["x"]') == ["x"]
    assert parse_string_array('"x"') is None
    assert parse_string_array("42") is None


def test_parses_strings() -> None:
    assert parse_string('"0.1.0"') == "0.1.0"
    assert parse_string('"a\\"b"') == 'a"b'
    assert parse_string("PackedStringArray()") is None


@given(st.lists(st.text(alphabet=st.characters(codec="utf-8"), max_size=20), max_size=5))
def test_string_arrays_round_trip(items: list[str]) -> None:
    assert parse_string_array(format_string_array(items)) == items


def test_section_values_lists_the_raw_values_of_one_section() -> None:
    text = '[a]\n\nx="1"\ny={\n"k": 2\n}\n\n[b]\n\nx=3\n'
    assert section_values(text, "a") == {"x": '"1"', "y": '{\n"k": 2\n}'}
    assert section_values(text, "c") == {}


def test_renaming_a_section_changes_only_its_header() -> None:
    text = '; [old] in a comment\n[old]\n\nv="[old]"\n\n[other]\n\nw=1\n'
    renamed = with_section_renamed(text, "old", "new")
    assert renamed == '; [old] in a comment\n[new]\n\nv="[old]"\n\n[other]\n\nw=1\n'
    assert with_section_renamed(text, "absent", "new") == text
