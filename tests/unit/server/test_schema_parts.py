"""Output schemas define each repeated part once: same verdict on every result, fewer characters."""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator

from godot_live_mcp.server.schema_parts import with_shared_parts

RUN: dict[str, Any] = {
    "type": "object",
    "description": "A run of the game.",
    "properties": {"pid": {"type": "integer"}, "scene": {"type": "string", "description": "Its scene."}},
    "required": ["pid"],
}
NUMBER: dict[str, Any] = {"anyOf": [{"type": "number"}, {"enum": ["nan", "inf", "-inf"]}]}
STATUS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "game": RUN,
        "last_run": RUN,
        "started": NUMBER,
        "ended": NUMBER,
        "running": {"type": "boolean"},
    },
}


def shared_parts(schema: dict[str, Any]) -> dict[str, Any]:
    shared: dict[str, Any] = with_shared_parts(schema)
    return shared


def valid(schema: dict[str, Any], instance: object) -> bool:
    return Draft202012Validator(schema).is_valid(instance)


def test_a_repeated_object_is_defined_once_under_the_field_it_first_describes() -> None:
    shared = shared_parts(STATUS)
    Draft202012Validator.check_schema(shared)
    assert shared["properties"]["game"] == {"$ref": "#/$defs/game"}
    assert shared["properties"]["last_run"] == {"$ref": "#/$defs/game"}
    assert shared["$defs"]["game"] == RUN
    assert shared["properties"]["started"] == {"$ref": "#/$defs/number"}
    assert len(json.dumps(shared)) < len(json.dumps(STATUS))


def test_every_result_gets_the_same_verdict() -> None:
    shared = shared_parts(STATUS)
    for instance in (
        {
            "game": {"pid": 3},
            "last_run": {"pid": 2, "scene": "res://a.tscn"},
            "started": "inf",
            "running": True,
        },
        {"game": {"scene": "res://a.tscn"}},
        {"last_run": {"pid": "three"}},
        {"ended": "forever"},
        {"started": 1.5, "ended": "nan"},
    ):
        assert valid(shared, instance) == valid(STATUS, instance), instance


def test_small_repeats_single_parts_and_authored_definitions_stay_as_they_are() -> None:
    small: dict[str, Any] = {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
    }
    assert shared_parts(small) == small
    once: dict[str, Any] = {"type": "object", "properties": {"game": RUN}}
    assert shared_parts(once) == once
    authored: dict[str, Any] = {**STATUS, "$defs": {"x": {"type": "string"}}}
    assert shared_parts(authored) == authored


def test_a_part_inside_a_shared_part_is_shared_with_its_other_uses() -> None:
    outer: dict[str, Any] = {"type": "object", "properties": {"run": RUN, "at": NUMBER}}
    schema: dict[str, Any] = {"type": "object", "properties": {"first": outer, "second": outer, "third": RUN}}
    shared = shared_parts(schema)
    run = shared["properties"]["third"]
    assert shared["$defs"]["first"]["properties"]["run"] == run == {"$ref": "#/$defs/third"}
    assert valid(shared, {"first": {"run": {"pid": 1}}, "third": {"pid": 2}})
    assert not valid(shared, {"first": {"run": {}}})
