"""docs/conditions.md shows exactly what contract.json's "conditions" section allows: every method and
function a condition may call, and the budgets the parser and evaluator read from there."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from godot_live_mcp.contract import addon_source_dir

DOC = Path(__file__).resolve().parents[2] / "docs" / "conditions.md"


def conditions() -> dict[str, Any]:
    contract = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    section: dict[str, Any] = contract["conditions"]
    return section


def test_the_methods_table_lists_exactly_the_contracts_methods() -> None:
    section = conditions()
    table = DOC.read_text("utf-8").split("## Methods a condition may call", 1)[1].split("\n## ", 1)[0]
    listed = {name for line in table.splitlines() if line.startswith("| `") for name in _names(line)}
    assert listed == set(section["methods"]) | set(section["value_methods"])


def test_the_functions_and_budgets_are_the_contracts() -> None:
    text = DOC.read_text("utf-8")
    for name in conditions()["functions"]:
        assert f"{name}(" in text, name
    limits = conditions()["limits"]
    for figure in ("max_chars", "max_nodes", "max_depth", "max_steps"):
        assert f"{limits[figure]:,}" in text, figure
    assert f"{limits['budget_ms']} ms" in text


def _names(row: str) -> list[str]:
    return re.findall(r"`([a-z_]+)`", row.split("|")[1])
