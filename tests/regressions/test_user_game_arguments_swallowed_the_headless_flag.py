"""The user's run arguments ending in the game's own (`-- ...`) turned the flags game_start appends
(--headless, --fixed-fps) into game arguments: a headless editor's game then died without a display.
Now they go before the `--`, and the setting and the editor's environment come back as they were."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

USER_RUN_ARGS = "-- --from-user"


async def test_the_game_runs_unthrottled_and_the_users_run_arguments_come_back(tools: Client) -> None:
    setting = "ProjectSettings.%s_setting('editor/run/main_run_args'%s)"
    await call(tools, "editor_execute", code=setting % ("set", f", '{USER_RUN_ARGS}'"))
    try:
        await call(tools, "game_start")
        try:
            seen = await call(
                tools,
                "execute_code",
                code="[OS.get_environment('GODOT_LIVE_MCP_FIXED_FPS'), OS.get_cmdline_user_args(),"
                " DisplayServer.get_name()]",
            )
        finally:
            await call(tools, "game_stop")
        editor = await call(
            tools,
            "editor_execute",
            code=f"[{setting % ('get', '')}, OS.has_environment('GODOT_LIVE_MCP_FIXED_FPS')]",
        )
    finally:
        await call(tools, "editor_execute", code=setting % ("set", ", ''"))
    assert seen["value"] == ["60", ["--from-user"], "headless"], "our flags went before the game's own"
    assert editor["value"] == [USER_RUN_ARGS, False], "the setting and the editor's environment restored"
