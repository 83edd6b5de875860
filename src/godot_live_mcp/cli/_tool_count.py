"""``godot-live-mcp tools count``: the size of each tool surface (core, read-only, all) for a model."""

from __future__ import annotations

import json

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.surface_size import SurfaceSize, measure, standard_surfaces, tokenizer

_COLUMNS = ("surface", "tools", "characters", "tokens", "output schema characters", "output schema tokens")


def surface_sizes(catalog: Catalog) -> tuple[str, list[SurfaceSize]]:
    """The tokenizer's name, and the size of each standard surface of ``catalog``'s tools."""
    link = EditorLink(RegistrySource(None))  # never connected: the entries are only measured
    entries = [entry for owned in editor_tool_entries(catalog, link).values() for entry in owned]
    counter = tokenizer()
    sizes = [measure(name, tools, counter.count) for name, tools in standard_surfaces(entries).items()]
    return counter.name, sizes


def render_text(tokenizer_name: str, sizes: list[SurfaceSize]) -> str:
    rows = [_COLUMNS] + [
        (
            size.surface,
            str(size.tools),
            f"{size.characters:,}",
            f"{size.tokens:,}",
            f"{size.output_schema_characters:,}",
            f"{size.output_schema_tokens:,}",
        )
        for size in sizes
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(len(_COLUMNS))]
    lines = [
        "  ".join(
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]
    note = (
        f"tokens: {tokenizer_name}. Characters and tokens are of the tools/list JSON without output "
        "schemas (names, descriptions, input schemas, annotations); output schemas are counted apart."
    )
    return "\n".join([*lines, note]) + "\n"


def render_json(tokenizer_name: str, sizes: list[SurfaceSize]) -> str:
    return (
        json.dumps({"tokenizer": tokenizer_name, "surfaces": [size.as_json() for size in sizes]}, indent=1)
        + "\n"
    )
