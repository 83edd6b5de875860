"""doctor's live checks: an editor's token and ping, and the editor port band when no editor runs."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from godot_live_mcp.cli._doctor_live import live_findings
from godot_live_mcp.cli._setup_status import Finding
from godot_live_mcp.contract import CONTRACT
from tests.unit.instances.registry_files import entry, write_entry


@pytest.fixture
def registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "registry"
    monkeypatch.setenv("GODOT_MCP_REGISTRY_DIR", str(folder))
    return folder


@pytest.fixture
def held_port() -> Iterator[int]:
    """A localhost port this test holds open, so nothing else can listen on it."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


def closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def by_name(findings: list[Finding]) -> dict[str, tuple[bool, str, str]]:
    return {name: (ok, detail, hint) for name, ok, detail, hint in findings}


def test_without_an_editor_it_is_fine_and_the_port_band_is_checked(tmp_path: Path, registry: Path) -> None:
    found = by_name(live_findings(tmp_path))
    assert found["Editor running"][0] is True
    assert "Editor ports free" in found


def test_a_band_with_every_port_taken_is_a_gap_with_the_variables_to_move_it(
    tmp_path: Path, registry: Path, held_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(CONTRACT.ports, "editor", (held_port, held_port))
    ok, detail, hint = by_name(live_findings(tmp_path))["Editor ports free"]
    assert ok is False
    assert str(held_port) in detail
    assert "GODOT_MCP_EDITOR_PORT_MIN" in hint


def test_an_unreadable_token_is_named(tmp_path: Path, registry: Path) -> None:
    write_entry(registry, entry(tmp_path, token_path=str(tmp_path / "missing.token")))
    ok, detail, _hint = by_name(live_findings(tmp_path))["Token readable"]
    assert ok is False
    assert "missing.token" in detail


def test_an_editor_that_does_not_answer_is_not_reachable(tmp_path: Path, registry: Path) -> None:
    (tmp_path / "t.token").write_text("secret-token", "utf-8")
    write_entry(registry, entry(tmp_path, editor_port=closed_port()))
    found = by_name(live_findings(tmp_path))
    assert found["Token readable"][0] is True
    ok, detail, hint = found["Editor reachable"]
    assert ok is False
    assert str(tmp_path) in detail
    assert hint
