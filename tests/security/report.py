"""Render the fuzz campaign's figures (docs/security-figures.json) as the table in docs/security.md.

``make security`` runs the campaign (tests/security) with its figures going to that file, then this;
tests/unit/test_security_report.py checks the table still matches the file.

    python -m tests.security.report [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "docs" / "security-figures.json"
REPORT = ROOT / "docs" / "security.md"
BEGIN, END = "<!-- figures -->", "<!-- /figures -->"
COLUMNS = [
    ("tried", "inputs tried"),
    ("refused", "refused"),
    ("escapes", "escapes"),
    ("crashes", "crashes"),
    ("hangs", "hangs"),
    ("lost_data", "lost data"),
]


def render_table(figures: dict[str, Any]) -> str:
    """The Markdown table of ``figures``: one row per category, then the totals."""
    rows = list(figures["categories"])
    lines = [
        "| category | " + " | ".join(title for _, title in COLUMNS) + " |",
        "| --- | " + " | ".join("---:" for _ in COLUMNS) + " |",
    ]
    for row in rows:
        lines.append(f"| {row['category']} | " + " | ".join(f"{row[key]:,}" for key, _ in COLUMNS) + " |")
    totals = [sum(int(row[key]) for row in rows) for key, _ in COLUMNS]
    lines.append("| **all** | " + " | ".join(f"**{total:,}**" for total in totals) + " |")
    return "\n".join(lines)


def table_in(report: str) -> str:
    """The table between the markers of ``report``."""
    return report.split(BEGIN, 1)[1].split(END, 1)[0].strip()


def with_table(report: str, table: str) -> str:
    head, rest = report.split(BEGIN, 1)
    return f"{head}{BEGIN}\n{table}\n{END}{rest.split(END, 1)[1]}"


def main() -> int:
    table = render_table(json.loads(FIGURES.read_text("utf-8")))
    report = REPORT.read_text("utf-8")
    if "--check" in sys.argv[1:]:
        if table_in(report) != table:
            print(f"{REPORT} does not match {FIGURES}: run `make security`", file=sys.stderr)
            return 1
        return 0
    REPORT.write_text(with_table(report, table), "utf-8")
    print(f"wrote the figures of {FIGURES.name} into {REPORT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
