"""Rendering the tool reference from a catalogue: the page a client-side reader gets."""

from __future__ import annotations

from typing import Any

import pytest

from godot_live_mcp.bridge.catalog import Catalog, parse_command
from godot_live_mcp.cli._tool_reference import render_reference, schema_type
from godot_live_mcp.server._meta import META_PREFIX
from godot_live_mcp.server.served_tools import server_run_tools

# The tools the server runs itself are on every page, each in its group's domain ("server" without one).
SERVED = server_run_tools()
SERVED_DOMAINS = {str((tool.meta or {}).get(f"{META_PREFIX}group", "server")) for tool in SERVED}


def command(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "description": f"Does {name}.", "annotations": {"read_only": True}, **fields}


def catalog(*commands: dict[str, Any]) -> Catalog:
    return Catalog(1, tuple(parse_command(raw) for raw in commands))


def section(page: str, tool: str) -> str:
    return page.split(f"### `{tool}`", 1)[1].split("### ", 1)[0]


def test_domains_and_tools_are_sorted_and_counted() -> None:
    page = render_reference(
        catalog(command("scene.open"), command("editor.get_info"), command("scene.get_tree"))
    )
    assert page.index("## editor") < page.index("## scene")
    assert page.index("`scene_get_tree`") < page.index("`scene_open`")
    domains = len({"editor", "scene"} | SERVED_DOMAINS)
    assert f"{3 + len(SERVED)} tools in {domains} domains" in page
    assert "- [scene](#scene) (2)" in page


def test_extension_commands_appear_only_when_asked_for() -> None:
    tools = catalog(command("editor.get_info"), command("physics.list_bodies", owner="extension:Physics"))
    assert "physics_list_bodies" not in render_reference(tools)
    assert "### `physics_list_bodies`" in render_reference(tools, include_extensions=True)


def test_a_command_that_cannot_be_published_is_left_out() -> None:
    page = render_reference(catalog(command("editor.get_info"), command("scene." + "x" * 80)))
    assert "x" * 80 not in page
    assert f"{1 + len(SERVED)} tools in {len({'editor'} | SERVED_DOMAINS)} domains." in page


def test_the_tools_the_server_runs_are_documented_in_their_groups() -> None:
    page = render_reference(catalog(command("editor.get_info")))
    text = section(page, "lsp_diagnostics")
    assert "- **Runs in:** the server" in text
    assert "read-only" in text
    assert "long-running" in section(page, "export_run")
    assert page.index("## lsp") < page.index("`lsp_diagnostics`") < page.index("## test")


def test_parameters_show_type_requirement_default_and_escaped_description() -> None:
    schema = {
        "type": "object",
        "properties": {
            "node_path": {"type": "string", "description": "Path like 'A|B'\nrelative to the root."},
            "max_depth": {"type": "integer", "minimum": -1, "default": -1},
        },
        "required": ["node_path"],
    }
    text = section(
        render_reference(catalog(command("scene.get_tree", input_schema=schema))), "scene_get_tree"
    )
    assert "| `node_path` | string | yes |  | Path like 'A\\|B' relative to the root. |" in text
    assert "| `max_depth` | integer ≥ -1 | no | `-1` |  |" in text


def test_annotations_channel_timeout_and_returns_are_listed() -> None:
    raw = command(
        "runtime.call_method",
        annotations={"destructive": True, "cancellable": True},
        channel="runtime",
        timeout_ms=5000,
        output_schema={"type": "object", "properties": {"result": {}, "method": {"type": "string"}}},
    )
    text = section(render_reference(catalog(raw)), "runtime_call_method")
    assert "**Annotations:** mutating, destructive, cancellable" in text
    assert "`runtime.call_method` (answered by the running game); timeout 5 s" in text
    assert "**Returns:** `result`, `method`" in text
    assert "No parameters." in text


@pytest.mark.parametrize(
    ("schema", "text"),
    [
        ({"type": "array", "items": {"type": "string"}}, "array of string"),
        ({"enum": ["return", "fail"]}, '"return" or "fail"'),
        ({"anyOf": [{"type": "string"}, {"type": "null"}]}, "string or null"),
        ({"type": ["number", "string"], "maximum": 9}, "number or string ≤ 9"),
        ({"type": "integer", "minimum": 1, "maximum": 100}, "integer 1–100"),
        ({}, "any"),
    ],
)
def test_schema_types_read_as_short_text(schema: dict[str, Any], text: str) -> None:
    assert schema_type(schema) == text
