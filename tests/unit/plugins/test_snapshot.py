"""Snapshots of a tool surface, and the semantic-version bump a change of it requires."""

from __future__ import annotations

from typing import Any

import mcp_types as types

from godot_live_mcp.plugins import compare_snapshots, render_snapshot


def tool(name: str, properties: dict[str, Any], required: tuple[str, ...] = ()) -> types.Tool:
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return types.Tool(
        name=name,
        description="Described, but descriptions are left out of snapshots.",
        input_schema=schema,
        annotations=types.ToolAnnotations(read_only_hint=True, idempotent_hint=True),
    )


GUST = tool(
    "wind_gust",
    {"strength": {"type": "number"}, "at": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
    ("strength",),
)
CALM = tool("wind_calm", {})
BEFORE = render_snapshot("wind-package", [GUST, CALM], {"wind": "1.2.0"})


def test_the_snapshot_is_sorted_and_without_descriptions() -> None:
    assert BEFORE == (
        "# The MCP tool surface of wind-package; `godot-live-mcp snapshot --check` compares it.\n"
        "schema wind 1.2.0\n"
        "tool wind_calm read_only idempotent\n"
        "tool wind_gust read_only idempotent\n"
        "  arg at: null|string\n"
        "  arg strength: number required\n"
    )
    assert render_snapshot("wind-package", [CALM, GUST], {"wind": "1.2.0"}) == BEFORE


def test_a_removed_tool_needs_a_major() -> None:
    verdict = compare_snapshots(BEFORE, render_snapshot("wind-package", [GUST], {"wind": "1.2.0"}))
    assert verdict.bump == "major"
    assert verdict.reasons == ("removed tool wind_calm (major)",)
    assert verdict.required_versions() == {"wind": "2.0.0"}


def test_a_new_optional_argument_needs_a_minor() -> None:
    wider = tool("wind_calm", {"for_seconds": {"type": "integer"}})
    verdict = compare_snapshots(BEFORE, render_snapshot("wind-package", [GUST, wider], {"wind": "1.2.0"}))
    assert verdict.bump == "minor"
    assert verdict.reasons == ("wind_calm: new optional argument for_seconds (minor)",)
    assert verdict.required_versions() == {"wind": "1.3.0"}


def test_a_new_required_argument_or_a_changed_type_needs_a_major() -> None:
    stricter = tool("wind_calm", {"why": {"type": "string"}}, ("why",))
    retyped = tool("wind_gust", {"strength": {"type": "string"}, "at": {"type": "string"}}, ("strength",))
    verdict = compare_snapshots(
        BEFORE, render_snapshot("wind-package", [retyped, stricter], {"wind": "2.0.0"})
    )
    assert verdict.bump == "major"
    assert "wind_calm: new required argument why (major)" in verdict.reasons
    assert "wind_gust: argument strength changed type number -> string (major)" in verdict.reasons
    assert verdict.required_versions() == {}  # 2.0.0 is already declared


def test_a_new_tool_needs_a_minor_and_the_same_surface_none() -> None:
    added = compare_snapshots(
        BEFORE, render_snapshot("wind-package", [GUST, CALM, tool("wind_blow", {})], {"wind": "1.3.0"})
    )
    assert (added.bump, added.required_versions()) == ("minor", {})
    same = compare_snapshots(BEFORE, BEFORE)
    assert (same.bump, same.changed) == ("none", False)


def test_only_the_namespace_whose_tools_changed_must_declare_a_new_version() -> None:
    both = {"wind": "1.2.0", "rain": "1.0.0"}
    before = render_snapshot("weather", [GUST, CALM, tool("rain_drop", {})], both)
    verdict = compare_snapshots(before, render_snapshot("weather", [GUST, tool("rain_drop", {})], both))
    assert verdict.bump == "major"
    assert verdict.required_versions() == {"wind": "2.0.0"}
