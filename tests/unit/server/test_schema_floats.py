"""Output schemas admit the addon's tagged non-finite floats ("nan", "inf", "-inf") wherever they
declare a number, nested ones included; the names are those the addon writes."""

from __future__ import annotations

import re
from typing import Any

from godot_live_mcp.contract import addon_source_dir
from godot_live_mcp.server.schema_floats import NON_FINITE, with_non_finite_floats


def test_every_number_admits_the_tags_and_keeps_its_description() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "ratio": {"type": "number", "description": "Share.", "minimum": 0},
            "points": {"type": "array", "items": {"type": "number"}},
            "count": {"type": "integer"},
        },
    }
    published: Any = with_non_finite_floats(schema)["properties"]
    assert published["ratio"] == {
        "anyOf": [{"type": "number", "minimum": 0}, {"enum": ["nan", "inf", "-inf"]}],
        "description": "Share.",
    }
    assert published["points"]["items"] == {"anyOf": [{"type": "number"}, {"enum": ["nan", "inf", "-inf"]}]}
    assert published["count"] == {"type": "integer"}


def test_the_tags_are_the_ones_the_addon_writes() -> None:
    source = (addon_source_dir() / "contract" / "coercion_components.gd").read_text("utf-8")
    declared = re.search(r"const NON_FINITE_TAGS: PackedStringArray = \[(.*)\]", source)
    assert declared is not None
    assert sorted(re.findall(r'"([^"]+)"', declared.group(1))) == sorted(NON_FINITE)
