"""The Python reader of the schema shorthand expands every server-run tool's ``args`` and ``returns``
exactly as the addon's ``schema_shorthand.gd`` does: one set of rules, checked in a real Godot."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.server_tools import SERVER_GROUPS, input_schema, output_schema
from tests.gdscript.units import make_project

# Rules no server-run tool uses yet, kept in the comparison so a new tool can rely on them.
SAMPLES: dict[str, dict[str, Any]] = {
    "sample_rules": {
        "args": [
            {
                "bounded!": "number[0.5..2]=1: A ratio.",
                "sized": "array<string>[..64]",
                "words": "string[1..]",
            },
            {"mode": 'enum(a|b=c)="a": Mode: x.', "nested": {"@": "object: A shape.", "x!": "integer[0..]"}},
            {
                "listed": {"@": "array: Rows.", "name!": "string"},
                "free": {"type": "object"},
                "anything": "any",
            },
        ],
        "returns": {"rows!": "array<object>", "total": "integer:", "@page": "rows cursor"},
    }
}
_EXPAND = """extends SceneTree
const Shorthand := preload("res://addons/godot_live_mcp/contract/schema_shorthand.gd")


func _initialize() -> void:
	var specs: Dictionary = JSON.parse_string(FileAccess.get_file_as_string("res://specs.json"))
	var expanded: Dictionary = {}
	for name: String in specs:
		var spec: Dictionary = specs[name]
		expanded[name] = {"args": Shorthand.input(spec["args"]), "returns": Shorthand.output(spec["returns"])}
	FileAccess.open("res://expanded.json", FileAccess.WRITE).store_string(JSON.stringify(expanded))
	quit()
"""


def test_every_server_tool_expands_as_the_addon_expands_it(tmp_path: Path) -> None:
    specs = {
        name: {"args": spec.args, "returns": spec.returns}
        for group in SERVER_GROUPS
        for name, spec in group.commands.items()
    } | SAMPLES
    project = make_project(tmp_path / "project")
    (project / "specs.json").write_text(json.dumps(specs), "utf-8")
    (project / "expand.gd").write_text(_EXPAND, "utf-8")
    command = [str(find_godot().path), "--headless", "--path", str(project), "--script", "res://expand.gd"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert "SCRIPT ERROR" not in done.stdout + done.stderr, done.stdout + done.stderr
    by_addon = json.loads((project / "expanded.json").read_text("utf-8"))
    for name, spec in specs.items():
        assert input_schema(spec["args"]) == by_addon[name]["args"], name
        assert output_schema(spec["returns"]) == by_addon[name]["returns"], name
