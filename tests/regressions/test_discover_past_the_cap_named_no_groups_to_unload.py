"""Regression (issue 24): ``discover_tools`` past the tool cap said nothing was loaded but did not name
the groups to unload, as the README says; the answer now names the loaded groups with the tools each
adds and how to unload. And the debug group hid ``debug_evaluate`` (off without --allow-execute)
without a word: loading it now says which tool is withheld and the flag that offers it."""

from __future__ import annotations

import pytest

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.server.tool_policy import ALLOW_EXECUTE_FLAG
from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import failure, structured, text_of

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_loading_names_what_is_withheld_and_past_the_cap_names_the_loaded_groups(
    engine_editor: EngineEditor,
) -> None:
    args = ("--tools", "core", "--max-tools", "60")
    async with mcp_client(engine_editor, *args, allow_execute=False) as client:  # one server for both
        text = text_of(await client.call_tool("discover_tools", {"request": "debug"}))
        catalogue = structured(await client.call_tool("discover_tools", {}))
        groups = sorted(catalogue["groups"], key=lambda group: -len(group["tools"]))
        loaded: list[str] = ["debug"]
        for group in groups:
            result = await client.call_tool("discover_tools", {"request": [group["name"]]})
            if result.is_error:
                refused = failure(result)
                break
            loaded.append(group["name"])
        else:
            pytest.fail("every group fitted under the cap")
    withheld = [line for line in text.splitlines() if "debug_evaluate" in line]
    assert withheld, text
    assert ALLOW_EXECUTE_FLAG in withheld[0], text
    assert refused["code"] == ErrorCode.LIMIT_EXCEEDED
    for name in dict.fromkeys(loaded):
        assert f"{name} (" in refused["message"], refused
    assert "unload" in refused["message"], refused
