"""Every number an input schema accepts is checked within safe bounds; the command's own tighter bounds
are kept, and only those are published."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.schema_bounds import MAX_SAFE_INTEGER, bounded_schema, published_schema


def bounded(schema: dict[str, Any]) -> Any:
    """The bounded schema, read freely by the assertions."""
    return bounded_schema(schema)


SAFE = {"minimum": -MAX_SAFE_INTEGER, "maximum": MAX_SAFE_INTEGER}


def test_an_integer_without_bounds_gets_the_safe_range() -> None:
    schema = bounded({"type": "object", "properties": {"n": {"type": "integer"}}})
    assert schema["properties"]["n"] == {"type": "integer", **SAFE}


def test_a_tighter_bound_is_kept_and_a_looser_one_tightened() -> None:
    schema = bounded(
        {"type": "object", "properties": {"limit": {"type": "integer", "minimum": 1, "maximum": 2**70}}}
    )
    assert schema["properties"]["limit"] == {"type": "integer", "minimum": 1, "maximum": MAX_SAFE_INTEGER}


def test_integers_inside_arrays_unions_and_nullable_types_are_bounded() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "ids": {"type": "array", "items": {"type": "integer"}},
            "pick": {"anyOf": [{"type": "string"}, {"type": ["integer", "null"]}]},
            "map": {"type": "object", "additionalProperties": {"type": "integer"}},
        },
    }
    fields = bounded(schema)["properties"]
    assert fields["ids"]["items"] == {"type": "integer", **SAFE}
    assert fields["pick"]["anyOf"][1] == {"type": ["integer", "null"], **SAFE}
    assert fields["map"]["additionalProperties"] == {"type": "integer", **SAFE}
    assert "minimum" not in schema["properties"]["ids"]["items"]  # the original is left as it was


def test_numbers_get_finite_bounds_and_values_are_never_taken_for_schemas() -> None:
    schema = bounded(
        {
            "type": "object",
            "properties": {
                "x": {"type": "number"},
                "type": {"type": "string", "default": "integer", "enum": ["integer"]},
                "opts": {"type": "object", "default": {"type": "integer"}},
            },
        }
    )
    assert schema["properties"]["x"] == {
        "type": "number",
        "minimum": -sys.float_info.max,
        "maximum": sys.float_info.max,
    }
    assert schema["properties"]["type"] == {"type": "string", "default": "integer", "enum": ["integer"]}
    assert schema["properties"]["opts"]["default"] == {"type": "integer"}


def test_the_published_schema_keeps_declared_bounds_and_adds_none() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "n": {"type": "integer"},
            "x": {"type": "number"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 2**70},
        },
    }
    fields: Any = published_schema(schema)["properties"]
    assert fields["n"] == {"type": "integer"}
    assert fields["x"] == {"type": "number"}
    assert fields["limit"] == {"type": "integer", "minimum": 1, "maximum": MAX_SAFE_INTEGER}


def test_the_validator_checks_the_safe_bounds_the_schema_does_not_publish() -> None:
    schema: dict[str, Any] = {"type": "object", "properties": {"n": {"type": "integer"}}}
    validator = ArgumentValidator(published_schema(schema))
    assert validator.validate("t", {"n": MAX_SAFE_INTEGER}) == {"n": MAX_SAFE_INTEGER}
    with pytest.raises(ToolError) as refused:
        validator.validate("t", {"n": 2**53})
    assert refused.value.code == ErrorCode.INVALID_PARAMS
