from __future__ import annotations

import pytest


@pytest.fixture
def anyio_backend() -> str:
    # websockets runs on asyncio, and so does the server in production.
    return "asyncio"
