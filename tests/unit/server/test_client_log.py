"""MCP logging: the server's log records reach a client at or above the level it set."""

from __future__ import annotations

import logging
from pathlib import Path

import anyio
import mcp_types as types
import pytest
from mcp.shared.exceptions import MCPDeprecationWarning

from godot_live_mcp.server.client_log import mcp_level
from tests.unit.server.feature_session import serving

pytestmark = pytest.mark.anyio


async def test_records_at_or_above_the_client_level_are_sent(tmp_path: Path) -> None:
    received: list[types.LoggingMessageNotificationParams] = []
    two = anyio.Event()

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        received.append(params)
        if len(received) == 2:
            two.set()

    logger = logging.getLogger("godot_live_mcp.test_client_log")
    logger.setLevel(logging.DEBUG)
    async with serving(tmp_path, logging_callback=on_log) as session:
        assert session.client.server_capabilities.logging is not None
        with pytest.warns(MCPDeprecationWarning):
            await session.client.set_logging_level("warning")
        logger.info("too quiet to send")
        logger.warning("the editor went away")
        logger.error("a call failed")
        with anyio.fail_after(5):
            await two.wait()
    assert [(r.level, r.data, r.logger) for r in received] == [
        ("warning", "the editor went away", "godot_live_mcp.test_client_log"),
        ("error", "a call failed", "godot_live_mcp.test_client_log"),
    ]


async def test_without_set_level_nothing_is_sent(tmp_path: Path) -> None:
    received: list[types.LoggingMessageNotificationParams] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        received.append(params)

    async with serving(tmp_path, logging_callback=on_log):
        logging.getLogger("godot_live_mcp.test_client_log").error("nobody asked")
        await anyio.sleep(0.05)
    assert received == []


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (logging.DEBUG, "debug"),
        (logging.INFO, "info"),
        (logging.WARNING, "warning"),
        (logging.CRITICAL, "critical"),
    ],
)
def test_python_levels_map_to_mcp_levels(level: int, expected: str) -> None:
    assert mcp_level(level) == expected
