"""Regression (issue 24): a NaN in a result left the addon as ``null`` (JSON.stringify replaced it and
the editor logged a warning) and an infinity as ``1e99999``. Non-finite floats travel as the tagged
forms docs/coercion.md gives them, "nan", "inf" and "-inf" (accepted back wherever a float is), whatever
built the result: here ui_get_layout, which reads the stretch ratio without the coercion table."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, scratch_for
from tests.engine.authoring._scenes import close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_non_finite_floats_come_back_tagged(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> None:
    scene = scratch_for(request, engine_editor.project).path("panel.tscn")
    # Only what this test's calls printed: the engine prints its NaN warning once per process.
    start = len(engine_editor.log_path.read_bytes())
    await call(tools, "scene_create", {"path": scene, "root_class": "Control", "if_exists": "replace"})
    try:
        for tagged in ("nan", "inf", "-inf"):
            target = {"scene": scene, "node_path": "."}
            await call(
                tools, "node_set_property", target | {"property": "size_flags_stretch_ratio", "value": tagged}
            )
            assert (await call(tools, "ui_get_layout", target))["stretch_ratio"] == tagged
        printed = engine_editor.log_path.read_bytes()[start:].decode("utf-8", errors="replace")
        assert "found in argument passed to JSON.stringify" not in printed
    finally:
        await close_quietly(tools, scene)
