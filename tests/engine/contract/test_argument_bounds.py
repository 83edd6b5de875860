"""Every size and count argument of every tool has a bound in its schema (issue 21): the editor's and
the game's commands as the addon declares them, and the server-run tools. A number the engine allocates
or loops over must say how large it may be; the few that size nothing are listed below, with why."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import anyio
import pytest

from godot_live_mcp.cli.tools import fetch_catalog
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.schema_bounds import MAX_SAFE_INTEGER
from godot_live_mcp.server.served_tools import server_run_tools
from tests.engine.harness import EngineEditor

pytestmark = pytest.mark.engine

_PLACE = (
    "refers to something that exists (an index, a line, an id): past the end it is NOT_FOUND, never allocated"
)
_VALUE = "a value the engine stores as it is (a position, a gain, a time): it sizes nothing"
# Parameter name -> why it needs no maximum.
UNBOUNDED: dict[str, str] = {
    "offset": "a page's start: past the end the page is empty",
    "cursor": "a log or event sequence number to resume from: past the end the page is empty",
    "max_depth": "a depth to stop at: a tree is only as deep as it is",
    "seed": "a random seed",
    "collision_layer": "a 32-bit mask",
    "collision_mask": "a 32-bit mask",
    **dict.fromkeys(
        ["index", "indices", "from", "to", "at", "track", "position", "surface", "source_id", "alternative"],
        _PLACE,
    ),
    **dict.fromkeys(
        ["terrain", "terrain_set", "physics_layer", "watch_id", "frame", "line", "start_line", "end_line"],
        _PLACE,
    ),
    **dict.fromkeys(["device"], _PLACE),
    **dict.fromkeys(["x", "y", "coords", "atlas_coords", "cells", "tiles", "margin", "polygons"], _VALUE),
    **dict.fromkeys(["left", "top", "right", "bottom", "stretch_ratio", "tilt", "times"], _VALUE),
    **dict.fromkeys(["volume_db", "energy", "range", "fog_density", "glow_intensity", "speed"], _VALUE),
    **dict.fromkeys(["start_offset", "end_offset", "transition", "left_tangent", "right_tangent"], _VALUE),
    **dict.fromkeys(["min_value", "max_value", "frequency", "fractal_gain", "fractal_lacunarity"], _VALUE),
}


def numbers(schema: Any, pointer: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(pointer, parameter name, schema) of every integer and number in an input schema."""
    if not isinstance(schema, dict):
        return
    kinds = schema.get("type")
    named = kinds if isinstance(kinds, list) else [kinds]
    if "integer" in named or "number" in named:
        parts = [part for part in pointer.split("/") if part and part != "*"]
        yield pointer, parts[-1] if parts else "", schema
    yield from numbers(schema.get("items"), pointer + "/*")
    for name, child in (schema.get("properties") or {}).items():
        yield from numbers(child, f"{pointer}/{name}")


def bounded(schema: dict[str, Any]) -> bool:
    high = schema.get("maximum")
    return "minimum" in schema and high is not None and abs(high) < MAX_SAFE_INTEGER


def declared_schemas(editor: EngineEditor) -> dict[str, Any]:
    catalog = anyio.run(fetch_catalog, editor.instance)
    schemas: dict[str, Any] = {
        spec.name: spec.input_schema for spec in catalog.commands if not spec.is_extension
    }
    schemas.update({tool.name: tool.input_schema for tool in server_run_tools()})
    return schemas


def test_every_size_and_count_argument_has_a_bound(engine_editor: EngineEditor) -> None:
    schemas = declared_schemas(engine_editor)
    assert len(schemas) > 200
    unbounded = [
        f"{tool}{pointer}"
        for tool, schema in sorted(schemas.items())
        for pointer, name, number in numbers(schema)
        if name not in UNBOUNDED and not bounded(number)
    ]
    assert unbounded == [], "give these a [min..max] in their declaration, or list them in UNBOUNDED with why"


def test_every_page_limit_has_the_contracts_maximum(engine_editor: EngineEditor) -> None:
    most = CONTRACT.limits["max_page_limit"]
    limits = {
        tool: schema["properties"]["limit"].get("maximum")
        for tool, schema in declared_schemas(engine_editor).items()
        if "limit" in schema.get("properties", {})
    }
    assert len(limits) > 30
    assert {tool: high for tool, high in limits.items() if high != most} == {}


def test_every_glob_pattern_is_bounded_in_length(engine_editor: EngineEditor) -> None:
    schemas = declared_schemas(engine_editor)
    globs = {
        "node.find": "name",
        "runtime.find": "name",
        "file.list": "glob",
        "file.search": "glob",
        "classdb.list_classes": "filter",
    }
    lengths = {tool: schemas[tool]["properties"][name].get("maxLength") for tool, name in globs.items()}
    assert set(lengths.values()) == {256}
