"""Long calls report that they still run, when the client asked for progress."""

from __future__ import annotations

import anyio
import pytest

from godot_live_mcp.bridge.queue_events import ProgressEvent
from godot_live_mcp.server import queue_progress
from godot_live_mcp.server.queue_progress import reporting_progress

pytestmark = pytest.mark.anyio


class Session:
    def __init__(self) -> None:
        self.reports: list[tuple[float, float | None, str | None]] = []

    async def report_progress(self, progress: float, total: float | None, message: str | None) -> None:
        self.reports.append((progress, total, message))


async def test_a_long_call_reports_its_elapsed_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(queue_progress, "HEARTBEAT_S", 0.02)
    session = Session()
    async with reporting_progress(session, "runtime_step", 300.0, wanted=True):  # type: ignore[arg-type]
        await anyio.sleep(0.1)
    assert len(session.reports) >= 2
    assert [report[0] for report in session.reports] == list(range(1, len(session.reports) + 1))
    assert session.reports[0][2] is not None
    assert session.reports[0][2].startswith("runtime_step still running:")
    assert session.reports[0][2].endswith("of at most 300 s.")


@pytest.mark.parametrize(("timeout_s", "wanted"), [(300.0, False), (32.0, True)])
async def test_short_calls_and_calls_without_a_token_get_no_heartbeat(
    monkeypatch: pytest.MonkeyPatch, timeout_s: float, wanted: bool
) -> None:
    monkeypatch.setattr(queue_progress, "HEARTBEAT_S", 0.01)
    session = Session()
    async with reporting_progress(session, "node_get", timeout_s, wanted=wanted):  # type: ignore[arg-type]
        await anyio.sleep(0.05)
    assert session.reports == []


async def test_a_failure_inside_passes_out_unwrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(queue_progress, "HEARTBEAT_S", 0.01)
    with pytest.raises(ValueError, match="the call failed"):
        async with reporting_progress(Session(), "runtime_step", 300.0, wanted=True):  # type: ignore[arg-type]
            raise ValueError("the call failed")


async def test_once_the_command_reports_its_own_progress_the_heartbeat_stays_quiet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(queue_progress, "HEARTBEAT_S", 0.01)
    session = Session()
    async with reporting_progress(session, "runtime_step", 300.0, wanted=True) as listeners:  # type: ignore[arg-type]
        assert listeners.on_progress is not None
        await listeners.on_progress(ProgressEvent(30, 120, "30 of at most 120 frames stepped."))
        await anyio.sleep(0.05)
    assert session.reports == [(30, 120, "30 of at most 120 frames stepped.")]
