"""Output schemas with each repeated part written once.

A part that occurs more than once in a tool's output schema (the run of a game under both ``game`` and
``last_run``; the form of a number that may be "nan" or "inf") moves to ``$defs`` under the name of the
field it first describes, and each occurrence becomes a ``$ref`` to it. The meaning is the same; every
tools/list is shorter (game_start's output schema: 3,366 characters of compact JSON before, 2,005 after).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.server.schema_bounds import map_schemas

__all__ = ["with_shared_parts"]

# A reference costs about 30 characters with its share of the definition's name: smaller parts stay.
MIN_SHARED_CHARACTERS = 48
_DEFS = "$defs"
# The keywords whose values are schemas, or maps or lists of them (as schema_bounds walks them).
_ONE = frozenset({"additionalProperties", "items", "not", "contains", "propertyNames"})
_MAPS = frozenset({"properties", "patternProperties", _DEFS})
_LISTS = frozenset({"anyOf", "oneOf", "allOf", "prefixItems"})


def with_shared_parts(schema: JsonObject) -> JsonObject:
    """``schema`` with every part that repeats (at least ``MIN_SHARED_CHARACTERS`` long) defined once."""
    if _DEFS in schema:  # its author already shares its parts
        return schema
    current = schema
    while (repeated := _largest_repeat(current)) is not None:
        text, field = repeated
        part = json.loads(text)
        name = _free_name(_name_for(part, field), _defs_of(current))
        replaced = map_schemas(current, _referring(text, {"$ref": f"#/{_DEFS}/{name}"}))
        current = {**replaced, _DEFS: {**_defs_of(replaced), name: part}}
    return current


def _referring(text: str, reference: JsonObject) -> Callable[[JsonObject], JsonObject]:
    """A visit that puts ``reference`` in place of each part whose canonical JSON is ``text``."""
    return lambda seen: reference if _text(seen) == text else seen


def _largest_repeat(schema: JsonObject) -> tuple[str, str] | None:
    """The longest part (as canonical JSON) seen more than once, with the field it first describes."""
    counts: Counter[str] = Counter()
    fields: dict[str, str] = {}
    for field, part in _parts(schema, "part"):
        text = _text(part)
        counts[text] += 1
        fields.setdefault(text, field)
    repeats = [text for text, count in counts.items() if count > 1 and len(text) >= MIN_SHARED_CHARACTERS]
    if not repeats:
        return None
    longest = max(repeats, key=len)
    return longest, fields[longest]


def _parts(schema: JsonObject, field: str) -> Iterator[tuple[str, JsonObject]]:
    """Every schema inside ``schema`` (not itself, not a definition's own body), with its field name."""
    for key, value in schema.items():
        children: list[tuple[str, JsonValue]] = []
        if key in _ONE:
            children = [(field if key != "items" else f"{field}_item", value)]
        elif key in _MAPS and isinstance(value, dict):
            children = list(value.items())
        elif key in _LISTS and isinstance(value, list):
            children = [(field, item) for item in value]
        for name, child in children:
            if isinstance(child, dict):
                if key != _DEFS:
                    yield name, child
                yield from _parts(child, name)


def _defs_of(schema: JsonObject) -> JsonObject:
    defs = schema.get(_DEFS)
    return defs if isinstance(defs, dict) else {}


def _name_for(part: JsonObject, field: str) -> str:
    """An object is named after the field it first describes; any other part after its type."""
    if "properties" in part:
        return field
    kinds = [
        part.get("type"),
        *(item.get("type") for item in _list(part.get("anyOf")) if isinstance(item, dict)),
    ]
    return next((kind for kind in kinds if isinstance(kind, str)), "value")


def _list(value: JsonValue) -> list[JsonValue]:
    return value if isinstance(value, list) else []


def _free_name(field: str, taken: JsonObject) -> str:
    name, number = field, 2
    while name in taken:
        name, number = f"{field}_{number}", number + 1
    return name


def _text(part: JsonValue) -> str:
    return json.dumps(part, sort_keys=True, separators=(",", ":"))
