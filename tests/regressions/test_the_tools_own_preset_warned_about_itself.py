"""The preset export_create_preset writes made export_run warn about it: the toolkit's scripts "ship
compiled" (they did not: the preset's own exclude filter kept them out), the sentence printed twice and
cut off mid-word in the result."""

from __future__ import annotations

import pytest

from godot_live_mcp.server_tools.export import _warnings
from tests.regressions._exported_demo import ExportedDemo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_the_tools_own_preset_exports_without_a_warning(exported_demo: ExportedDemo) -> None:
    assert exported_demo.result["warnings"] == []
    assert exported_demo.result["smoke"]["clean_exit"] is True


def test_a_long_warning_comes_back_once_and_whole() -> None:
    text = "godot_live_mcp: " + " ".join(f"res://mcp/ext_{n}.gd," for n in range(30)) + " ends here."
    lines = (f"WARNING: {text}", "     at: add_message (./editor/export/editor_export_platform.h:252)")
    assert _warnings(lines * 2) == [text]
