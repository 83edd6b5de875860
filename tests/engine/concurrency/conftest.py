"""A second MCP client on the session's editor, for tests where two clients compete."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor, mcp_client


@pytest.fixture(scope="module")
async def other(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    """Another client with its own server process, hence its own connection (peer) to the editor."""
    async with mcp_client(engine_editor) as client:
        yield client
