"""Acceptance of issue 16: about 0.8 s after a bus change the editor's Audio dock saves the bus layout itself
and names it by ``uid://`` in ``audio/buses/default_bus_layout``; every audio bus tool then answered
``PATH_DENIED`` ('uid://… is not under res://'). The tools now resolve the uid to its file."""

from __future__ import annotations

import re

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LAYOUT = "res://default_bus_layout.tres"
SETTING = "audio/buses/default_bus_layout"


async def test_the_bus_tools_follow_a_layout_setting_that_names_the_file_by_uid(
    tools: Client, engine_editor: EngineEditor
) -> None:
    file = engine_editor.project / LAYOUT.removeprefix("res://")
    await call(tools, "audio_add_bus", {"name": "ByUid"})
    uid = re.search(r'uid="(uid://[a-z0-9]+)"', file.read_text())
    assert uid is not None, "the saved layout has a uid"
    await call(tools, "project_set_setting", {"name": SETTING, "value": uid.group(1)})
    try:
        changed = await call(tools, "audio_set_bus", {"name": "ByUid", "volume_db": -3})
        listed = await call(tools, "audio_list_buses", {})
    finally:
        await tools.call_tool("audio_remove_bus", {"name": "ByUid"})
        await call(
            tools, "project_set_setting", {"name": SETTING, "value": None}
        )  # the file stays: see test_audio

    assert changed["volume_db"] == -3.0
    assert listed["layout_file"] == LAYOUT
