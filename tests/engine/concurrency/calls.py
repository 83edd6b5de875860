"""Small helpers the concurrency tests share: results, unique keys, progress, the harness.append list."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

import anyio
from mcp.client import Client

from tests.mcp_results import failure_code, structured

QUEUED_PREFIX = "Waiting for the editor:"
# The concurrency tests' name for the result reader of tests/mcp_results.py.
error_code = failure_code


def fresh_key(label: str) -> str:
    """A metadata name of the scene root no other test uses."""
    return f"mcp_test_{label}_{uuid.uuid4().hex[:8]}"


@dataclass
class ProgressLog:
    """The progress messages one call received, as the SDK client's ``progress_callback``."""

    messages: list[str] = field(default_factory=list)
    _queued: anyio.Event = field(default_factory=anyio.Event)

    async def __call__(self, progress: float, total: float | None, message: str | None) -> None:
        self.messages.append(message or "")
        if self.messages[-1].startswith(QUEUED_PREFIX):
            self._queued.set()

    @property
    def queued(self) -> bool:
        return self._queued.is_set()

    async def wait_queued(self) -> None:
        """Until the editor said the call waits behind another mutation; the caller bounds the wait."""
        await self._queued.wait()


async def read_items(client: Client, key: str) -> list[str]:
    items: list[str] = structured(await client.call_tool("harness_append_read", {"key": key}))["items"]
    return items


async def wait_for_items(client: Client, key: str, expected: list[str]) -> None:
    """Read until the list is ``expected``; the caller bounds the wait."""
    while True:
        if await read_items(client, key) == expected:
            return
        await anyio.sleep(0.02)  # pacing only: the state read decides
