"""Output schemas that admit the tagged forms of non-finite floats.

JSON has no NaN or infinity: the addon writes them as "nan", "inf" and "-inf" (docs/coercion.md,
``coercion_components.gd``'s ``NON_FINITE_TAGS``), so a result's ``number`` field may hold one of these
strings, and a client that checks results against the output schema must be told so.
"""

from __future__ import annotations

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.server.schema_bounds import map_schemas

__all__ = ["NON_FINITE", "with_non_finite_floats"]

NON_FINITE: tuple[str, ...] = ("nan", "inf", "-inf")
_TAGS: list[JsonValue] = list(NON_FINITE)


def with_non_finite_floats(schema: JsonObject) -> JsonObject:
    """A copy of ``schema`` in which every ``number`` also accepts "nan", "inf" and "-inf"."""
    return map_schemas(schema, _admit)


def _admit(schema: JsonObject) -> JsonObject:
    if schema.get("type") != "number":
        return schema
    number = {key: value for key, value in schema.items() if key != "description"}
    tagged: JsonObject = {"anyOf": [number, {"enum": _TAGS}]}
    if "description" in schema:
        tagged["description"] = schema["description"]
    return tagged
