"""The schema shorthand of the addon's ``COMMANDS`` tables (``contract/schema_shorthand.gd``), read in
Python for the tools the server runs: the same rules, checked against the GDScript reader by
``tests/engine/contract/test_server_tool_shorthand.py`` so the two cannot drift.

A field is ``"TYPE[min..max]=DEFAULT: description"``; a key ending in ``!`` is required; a dict with an
``"@"`` key is a nested object (or an array of them, or ``"@items"``); ``"@page": "unit cursor"`` in
results adds the pagination fields. Named fragments (``@scene``) are the addon's and stay there: Python
specs share a field as a Python constant.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue

__all__ = ["Field", "Fields", "input_schema", "output_schema"]

Field: TypeAlias = "str | Mapping[str, Any] | Sequence[Mapping[str, Any]]"
Fields: TypeAlias = "Mapping[str, Any] | Sequence[Mapping[str, Any]]"
_BOUND_KEYS = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems")}


def input_schema(fields: Fields) -> JsonObject:
    """The schema of ``args``: an object that allows no other properties."""
    return _object(_merged(fields), open_=False)


def output_schema(fields: Fields) -> JsonObject:
    """The schema of ``returns``: an object that may carry more than it names."""
    merged = _merged(fields)
    return {} if not merged else _object(merged, open_=True)


def _merged(fields: Fields) -> dict[str, Any]:
    if isinstance(fields, Mapping):
        return dict(fields)
    merged: dict[str, Any] = {}
    for part in fields:
        merged.update(part)
    return merged


def _field(spec: Field, open_: bool) -> JsonObject:
    if isinstance(spec, str):
        head, _, description = spec.partition(": ")
        schema = _typed(head.removesuffix(":"), open_)
        if description:
            schema["description"] = description
        return schema
    return _nested(_merged(spec), open_)


def _object(fields: Mapping[str, Any], open_: bool) -> JsonObject:
    properties: JsonObject = {}
    required: list[JsonValue] = []
    for key, spec in fields.items():
        if key in ("@", "@page"):
            continue
        name = key.removesuffix("!")
        properties[name] = _field(spec, open_)
        if key.endswith("!"):
            required.append(name)
    if "@page" in fields:
        unit, cursor = str(fields["@page"]).split(" ")
        page = _page_fields(unit, cursor)
        properties = page | {name: schema for name, schema in properties.items() if name not in page}
        required += ["has_more", f"total_{unit}", "returned"]
    schema: JsonObject = {"type": "object", "properties": properties, "additionalProperties": open_}
    if required:
        schema["required"] = required
    return schema


def _page_fields(unit: str, cursor: str) -> JsonObject:
    """``Pagination.fields`` (contract/pagination.gd): what every paged list carries."""
    return {
        "has_more": {"type": "boolean"},
        f"total_{unit}": {"type": "integer"},
        "returned": {"type": "integer"},
        f"next_{cursor}": {"type": "integer"},
        "hint": {"type": "string"},
    }


def _nested(spec: Mapping[str, Any], open_: bool) -> JsonObject:
    if "@" not in spec:
        return dict(spec)  # JSON Schema as it is
    head = _field(spec["@"], open_)
    if "@items" in spec:
        return head | {"items": _field(spec["@items"], open_)}
    shape = _object(spec, open_)
    if head.get("type") == "array":
        return head | {"items": shape}
    return head | shape | ({"description": head["description"]} if "description" in head else {})


def _typed(head: str, open_: bool) -> JsonObject:
    """``TYPE[range][=default]`` as JSON Schema."""
    equals = _default_at(head)
    default_text = head[equals + 1 :] if equals >= 0 else ""
    head = head[:equals] if equals >= 0 else head
    bounds = ""
    bracket = head.rfind("[")
    if bracket > head.rfind(">") and head.endswith("]"):
        head, bounds = head[:bracket], head[bracket + 1 : -1]
    schema = _base(head, open_)
    if bounds:
        _bound(schema, bounds)
    if equals >= 0:
        schema["default"] = _default(default_text, str(schema.get("type", "")))
    return schema


def _base(head: str, open_: bool) -> JsonObject:
    if head.startswith("enum(") and head.endswith(")"):
        return {"type": "string", "enum": list[JsonValue](head[5:-1].split("|"))}
    if head.startswith("array<") and head.endswith(">"):
        return {"type": "array", "items": _typed(head[6:-1], open_)}
    if head == "any":
        return {}
    if head in ("object", "string", "integer", "number", "boolean", "array"):
        return {"type": head}
    raise ValueError(f"unknown shorthand type {head!r} (fragments such as @scene are the addon's)")


def _default_at(head: str) -> int:
    """Where ``=default`` starts: the first ``=`` outside ``enum(...)`` and ``array<...>``."""
    depth = 0
    for index, char in enumerate(head):
        depth += (char in "(<") - (char in ")>")
        if char == "=" and depth == 0:
            return index
    return -1


def _bound(schema: JsonObject, bounds: str) -> None:
    """``[min..max]`` bounds a number's value, a string's length or an array's item count."""
    kind = str(schema.get("type", ""))
    keys = _BOUND_KEYS.get(kind, ("minimum", "maximum"))
    for key, end in zip(keys, bounds.split(".."), strict=False):
        if end:
            schema[key] = float(end) if kind == "number" else int(end)


def _default(text: str, kind: str) -> JsonValue:
    try:
        parsed: JsonValue = json.loads(text)
    except ValueError:
        return text
    if kind == "integer" and isinstance(parsed, int | float) and not isinstance(parsed, bool):
        return int(parsed)
    return parsed
