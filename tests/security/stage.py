"""What the campaign acts on and through: the fuzzed editor and what it must never reach or lose, and a
driver that runs the MCP client's calls from Hypothesis' synchronous tests."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import anyio
from anyio.from_thread import BlockingPortal
from mcp.client import Client

from tests.engine.harness import EngineEditor
from tests.security.campaign import Outcome, refusal_outcome

CANARY = "OUTSIDE-CANARY-7f3c1e9a"
_T = TypeVar("_T")


@dataclass
class Stage:
    """The fuzzed editor and what must never be reached or lost."""

    editor: EngineEditor
    outside: Path
    precious: dict[Path, str]

    @property
    def project(self) -> Path:
        return self.editor.project

    def outside_state(self) -> list[tuple[str, int, float]]:
        return sorted(
            (str(path.relative_to(self.outside)), path.lstat().st_size, path.lstat().st_mtime)
            for path in self.outside.rglob("*")
        )

    def lost(self) -> list[str]:
        """The precious project files now changed or missing."""
        return [str(path) for path, digest in self.precious.items() if digest_of(path) != digest]


@dataclass
class Driver:
    """Runs the MCP client's coroutines from synchronous (Hypothesis) tests.

    After a call that hung, the editor may be stuck for good: ``stuck`` is then set and the campaign
    stops feeding it (the hang is recorded once; every later call would only wait out its timeout).
    """

    portal: BlockingPortal
    client: Client
    stuck: bool = False

    def run(self, call: Callable[[], Awaitable[_T]], timeout_s: float) -> _T:
        async def bounded() -> _T:
            with anyio.fail_after(timeout_s):
                return await call()

        try:
            return self.portal.call(bounded)
        except TimeoutError:
            self.stuck = True
            raise


def digest_of(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "missing"


def call_text(result: Any) -> str:
    """Everything a tool result says, as one string (for canary checks)."""
    return repr(result.structured_content) + " ".join(getattr(block, "text", "") for block in result.content)


@dataclass(frozen=True)
class CallOutcome:
    outcome: Outcome
    text: str  # everything the answer said (for canary checks)
    data: dict[str, Any]  # the success payload ({} otherwise)


def call_outcome(driver: Driver, tool: str, arguments: dict[str, Any], timeout_s: float) -> CallOutcome:
    """A tool call's outcome before any escape check."""
    try:
        result = driver.run(lambda: driver.client.call_tool(tool, arguments), timeout_s)
    except TimeoutError:
        return CallOutcome(Outcome.HANG, "", {})
    except Exception as error:  # the connection or the server went away
        return CallOutcome(Outcome.CRASH, repr(error), {})
    if not result.is_error:
        data = result.structured_content if isinstance(result.structured_content, dict) else {}
        return CallOutcome(Outcome.ACCEPTED, call_text(result), data)
    return CallOutcome(refusal_outcome(result), call_text(result), {})
