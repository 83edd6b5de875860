"""A flood of one error is folded into one entry that counts it, runtime_get_log reports counts by kind
since start and the distinct errors, and game_stop reports the same summary with folded last lines."""

from __future__ import annotations

import pytest

from tests.engine.harness import EngineEditor, expect_editor_error, mcp_client
from tests.engine.runtime.conftest import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FLOOD = 1000


async def test_a_flood_of_one_error_reads_back_folded_with_its_count(engine_editor: EngineEditor) -> None:
    expect_editor_error(r"flooding on purpose|Too many errors")
    async with mcp_client(engine_editor) as client:
        await call(client, "game_start")
        try:
            await client.call_tool(
                "execute_code", {"code": f'for i in {FLOOD}:\n\tpush_error("flooding on purpose")'}
            )
            page = await call(client, "runtime_get_log", contains="flooding on purpose")
            assert page["returned"] == 1
            assert f"flooding on purpose (repeated {FLOOD} times)" in page["log"]
            assert page["counts"] == {"error": FLOOD}
            assert page["totals"]["error"] >= FLOOD
            flood = [item for item in page["distinct"] if item["text"] == "flooding on purpose"]
            assert [item["count"] for item in flood] == [FLOOD]
            newer = await call(client, "runtime_get_log", cursor=page["resume_cursor"])
            assert "flooding on purpose" not in newer["log"]
        finally:
            stopped = await call(client, "game_stop")
    last = stopped["last_run"]
    assert last["log"]["totals"]["error"] >= FLOOD
    assert any(
        item["text"] == "flooding on purpose" and item["count"] == FLOOD for item in last["log"]["distinct"]
    )
    folded = [line for line in last["last_log_lines"] if "flooding on purpose" in line]
    assert len(folded) == 1, folded
    assert f"(repeated {FLOOD} times)" in folded[0]
