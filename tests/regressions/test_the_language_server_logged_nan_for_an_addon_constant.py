"""Issue 24: a full run's editor log held the engine's warning "NaN found in argument passed to
JSON.stringify" once, with no tool result involved. Its cause: the engine's GDScript language server
(woken by any lsp_* call) parses every script of the project and writes each constant's value into its
answers with JSON.stringify, and the addon declared `const NON_FINITE = {..., "nan": NAN}`. No constant
of the addon holds a NaN now (the end-of-session log check also fails on that warning)."""

from __future__ import annotations

import re

from godot_live_mcp.contract import addon_source_dir

_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')


def test_no_constant_of_the_addon_holds_a_nan() -> None:
    offenders = []
    for script in sorted(addon_source_dir().rglob("*.gd")):
        for number, line in enumerate(script.read_text("utf-8").splitlines(), start=1):
            code = _QUOTED.sub('""', line.split("#", 1)[0])
            if code.lstrip().startswith(("const ", "static var ")) and re.search(r"\bNAN\b", code):
                offenders.append(f"{script.relative_to(addon_source_dir())}:{number}")
    assert not offenders
