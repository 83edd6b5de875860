"""A project setting 500 levels deep, sent over the WebSocket, was saved cut to 100 levels in project.godot
without a word (issue 14): what cannot be stored is refused, and nothing is written."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.asyncio.client import connect

from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SETTING = "mcp_tests/deep_value"
INVALID_PARAMS = -32602


def nested(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


async def set_over_the_socket(editor: EngineEditor, value: Any) -> dict[str, Any]:
    instance = editor.instance
    async with connect(instance.url, proxy=None, compression=None, max_size=None, open_timeout=5) as ws:
        token = instance.token_path.read_text("utf-8").strip()
        await ws.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "auth", "params": {"token": token}}))
        await ws.recv()
        params = {"name": SETTING, "value": value}
        await ws.send(
            json.dumps({"jsonrpc": "2.0", "id": 1, "method": "project.set_setting", "params": params})
        )
        while True:
            reply: dict[str, Any] = json.loads(await ws.recv(decode=True))
            if reply.get("id") == 1:
                return reply


@pytest.mark.parametrize("levels", [65, 101, 500])
async def test_a_value_too_deep_to_store_is_refused_and_nothing_is_saved(
    engine_editor: EngineEditor, levels: int
) -> None:
    before = (engine_editor.project / "project.godot").read_text("utf-8")
    reply = await set_over_the_socket(engine_editor, nested(levels))
    assert reply["error"]["code"] == INVALID_PARAMS
    assert f"{levels + 1} levels deep" in reply["error"]["message"]
    assert "at most 64" in reply["error"]["message"]
    assert (engine_editor.project / "project.godot").read_text("utf-8") == before


async def test_a_value_that_can_be_stored_still_is(engine_editor: EngineEditor) -> None:
    try:
        reply = await set_over_the_socket(engine_editor, nested(60))
        assert reply["result"]["success"] is True, reply
        saved = (engine_editor.project / "project.godot").read_text("utf-8")
        assert "[" * 60 + '"bottom"' + "]" * 60 in saved
    finally:
        await set_over_the_socket(engine_editor, None)
