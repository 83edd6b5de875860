"""docs/security.md's figures are the campaign's (docs/security-figures.json), never typed by hand."""

from __future__ import annotations

import json

from tests.security.report import FIGURES, REPORT, render_table, table_in, with_table


def test_the_report_table_matches_the_campaign_figures() -> None:
    table = render_table(json.loads(FIGURES.read_text("utf-8")))
    assert table_in(REPORT.read_text("utf-8")) == table, "run `make security` to regenerate docs/security.md"


def test_the_table_has_a_row_per_category_and_the_totals() -> None:
    figures = {
        "categories": [
            {
                "category": "a",
                "tried": 1200,
                "refused": 3,
                "escapes": 0,
                "crashes": 0,
                "hangs": 0,
                "lost_data": 0,
            },
            {
                "category": "b",
                "tried": 5,
                "refused": 5,
                "escapes": 1,
                "crashes": 0,
                "hangs": 2,
                "lost_data": 0,
            },
        ]
    }
    table = render_table(figures)
    assert "| a | 1,200 | 3 | 0 | 0 | 0 | 0 |" in table
    assert table.splitlines()[-1] == "| **all** | **1,205** | **8** | **1** | **0** | **2** | **0** |"
    assert table_in(with_table("x <!-- figures -->\nold\n<!-- /figures --> y", table)) == table
