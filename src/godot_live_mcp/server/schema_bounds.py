"""Bounds on every number an input schema accepts.

Godot reads JSON numbers as doubles: an integer past 2^53 arrives changed, and one past 2^63 wraps
(``limit: 2**64`` became a negative page size). So the server checks every integer against ``minimum``
and ``maximum`` within ±(2^53 - 1) (a tighter bound the command declares is kept), and every number
against finite bounds (``bounded_schema``, which every ``ArgumentValidator`` applies). The schemas
clients see carry only the bounds a command declares (``published_schema``): the default ones told a
model nothing and took about 3.5% of every schema.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue

__all__ = ["MAX_SAFE_INTEGER", "bounded_schema", "map_schemas", "published_schema"]

MAX_SAFE_INTEGER = 2**53 - 1
_MAX_FLOAT = sys.float_info.max
# The keywords whose values are schemas, or maps or lists of schemas (JSON Schema 2020-12).
_ONE = frozenset(
    {"additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames"}
    | {"unevaluatedItems", "unevaluatedProperties", "additionalItems"}
)
_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
_LISTS = frozenset({"anyOf", "oneOf", "allOf", "prefixItems"})


def bounded_schema(schema: JsonObject) -> JsonObject:
    """A copy of ``schema`` in which every integer and number has finite bounds: what the server checks."""
    return map_schemas(schema, lambda part: _bound(part, add=True))


def published_schema(schema: JsonObject) -> JsonObject:
    """A copy of ``schema`` whose declared bounds are kept within the safe range, and no bound added."""
    return map_schemas(schema, lambda part: _bound(part, add=False))


def map_schemas(schema: JsonObject, visit: Callable[[JsonObject], JsonObject]) -> JsonObject:
    """A copy of ``schema`` with ``visit`` applied to every schema in it, innermost first."""
    result: JsonObject = {key: _children(key, value, visit) for key, value in schema.items()}
    return visit(result)


def _limit(schema: JsonObject) -> float | None:
    types = schema.get("type")
    named = types if isinstance(types, list) else [types]
    return MAX_SAFE_INTEGER if "integer" in named else _MAX_FLOAT if "number" in named else None


def _children(key: str, value: JsonValue, visit: Callable[[JsonObject], JsonObject]) -> JsonValue:
    if key in _ONE:
        return _each(value, visit)
    if key in _MAPS and isinstance(value, dict):
        return {name: _each(item, visit) for name, item in value.items()}
    if key in _LISTS and isinstance(value, list):
        return [_each(item, visit) for item in value]
    return value


def _each(value: JsonValue, visit: Callable[[JsonObject], JsonObject]) -> JsonValue:
    return map_schemas(value, visit) if isinstance(value, dict) else value


def _bound(schema: JsonObject, *, add: bool) -> JsonObject:
    """``schema``, a number's declared bounds kept within its safe range (and, to ``add``, the range's
    own bounds where it declares none)."""
    limit = _limit(schema)
    if limit is None:
        return schema
    low, high = _number(schema.get("minimum")), _number(schema.get("maximum"))
    if low is not None or add:
        schema["minimum"] = -limit if low is None else max(low, -limit)
    if high is not None or add:
        schema["maximum"] = limit if high is None else min(high, limit)
    return schema


def _number(value: JsonValue) -> float | None:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None
