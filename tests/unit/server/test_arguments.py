from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema.exceptions import SchemaError

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.arguments import GENERIC_HINT, ArgumentValidator, json_pointer

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "node_path": {"type": "string"},
        "max_depth": {"type": "integer", "minimum": -1},
        "names": {"type": "array", "items": {"type": "string"}},
        "position": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]},
        "either": {"anyOf": [{"type": "array"}, {"type": "integer"}]},
    },
    "required": ["node_path"],
    "additionalProperties": False,
}
VALIDATOR = ArgumentValidator(SCHEMA)


def refused(arguments: dict[str, Any]) -> ToolError:
    with pytest.raises(ToolError) as failure:
        VALIDATOR.validate("node_get", arguments)
    assert failure.value.code == ErrorCode.INVALID_PARAMS
    return failure.value


def test_valid_arguments_pass_unchanged() -> None:
    arguments = {"node_path": "Player", "max_depth": 2, "names": ["a"]}
    assert VALIDATOR.validate("node_get", arguments) == arguments


def test_a_value_outside_an_enum_gets_the_values_it_may_take() -> None:
    validator = ArgumentValidator(
        {"type": "object", "properties": {"history": {"enum": ["scene", "global"]}}}
    )
    with pytest.raises(ToolError) as failure:
        validator.validate("editor_undo", {"history": "project"})
    assert failure.value.hint == 'Pass one of: "scene", "global".'


def test_missing_required_argument_names_its_pointer_and_what_to_pass() -> None:
    error = refused({})
    assert "/node_path is required" in error.message
    assert error.hint == "Pass node_path (string)."  # the fix is the argument, not where values are listed


def test_wrong_type_names_pointer_expected_and_actual_type() -> None:
    error = refused({"node_path": "P", "max_depth": "2"})
    assert '/max_depth must be integer, got string "2"' in error.message
    assert error.hint == GENERIC_HINT


def test_unknown_argument_is_named_with_the_accepted_ones() -> None:
    error = refused({"node_path": "P", "colour": 1})
    assert "/colour is not an argument" in error.message
    assert "max_depth" in error.message
    assert error.hint.startswith("Use only those names")


def test_a_misspelt_argument_gets_the_closest_names_in_its_hint() -> None:
    error = refused({"node_path": "P", "max_dept": 1})
    assert error.hint.startswith("Did you mean 'max_depth'? ")


def test_an_unknown_field_inside_an_object_names_the_object() -> None:
    validator = ArgumentValidator(
        {
            "type": "object",
            "properties": {"at": {"type": "object", "properties": {"x": {}}, "additionalProperties": False}},
        }
    )
    with pytest.raises(ToolError) as failure:
        validator.validate("node_move", {"at": {"y": 1}})
    assert "/at/y is not a field of /at (it takes: x)" in failure.value.message


def test_nested_errors_point_inside_the_value() -> None:
    error = refused({"node_path": "P", "names": ["a", 3]})
    assert "/names/1 must be string" in error.message


def test_a_json_string_where_an_array_is_expected_is_parsed() -> None:
    assert VALIDATOR.validate("node_get", {"node_path": "P", "names": '["a", "b"]'})["names"] == ["a", "b"]


def test_a_json_string_where_an_object_is_expected_is_parsed_then_validated() -> None:
    parsed = VALIDATOR.validate("node_get", {"node_path": "P", "position": '{"x": 1.5}'})
    assert parsed["position"] == {"x": 1.5}
    assert "/position/x is required" in refused({"node_path": "P", "position": "{}"}).message


def test_leniency_reaches_into_anyof_branches() -> None:
    assert VALIDATOR.validate("node_get", {"node_path": "P", "either": "[1]"})["either"] == [1]


@pytest.mark.parametrize("text", ['"a"', "[1", "5", "{}", "null"])
def test_a_string_that_does_not_parse_to_the_expected_type_still_fails(text: str) -> None:
    assert "/names must be array" in refused({"node_path": "P", "names": text}).message


def test_a_string_is_never_parsed_where_a_string_is_expected() -> None:
    assert VALIDATOR.validate("node_get", {"node_path": '["a"]'})["node_path"] == '["a"]'


def test_the_callers_arguments_are_not_mutated() -> None:
    arguments = {"node_path": "P", "names": '["a"]'}
    VALIDATOR.validate("node_get", arguments)
    assert arguments["names"] == '["a"]'


def test_an_invalid_schema_is_refused_up_front() -> None:
    with pytest.raises(SchemaError):
        ArgumentValidator({"type": "object", "properties": {"x": {"type": "banana"}}})


def test_json_pointer_escapes_slash_and_tilde() -> None:
    assert json_pointer(["a/b", "c~d", "0"]) == "/a~1b/c~0d/0"
    assert json_pointer([]) == "/"


@given(st.lists(st.text(max_size=8), max_size=5))
def test_any_list_of_strings_sent_as_json_text_is_accepted(names: list[str]) -> None:
    parsed = VALIDATOR.validate("node_get", {"node_path": "P", "names": json.dumps(names)})
    assert parsed["names"] == names


@given(st.text().filter(lambda text: not text.lstrip().startswith("[")))
def test_text_that_is_not_a_json_array_is_refused_for_an_array(text: str) -> None:
    with pytest.raises(ToolError):
        VALIDATOR.validate("node_get", {"node_path": "P", "names": text})
