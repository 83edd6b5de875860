"""Where the editor channel listens, as the environment says: a pinned port bound exactly or a loud
failure, a moved band scanned in order, and a malformed value refused as a configuration error."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import copy_demo_project, expect_editor_error, start_editor

pytestmark = [pytest.mark.engine]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_line(log: Path, text: str, timeout_s: float = 60.0) -> str:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for line in log.read_text("utf-8", errors="replace").splitlines():
            if text in line:
                return line
        time.sleep(0.1)  # polling a file another process writes, under a deadline
    raise AssertionError(f"{text!r} never appeared in {log}")


@pytest.fixture(scope="module")
def pinned_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def pinned_editor(
    tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path], pinned_port: int
) -> Iterator[int]:
    """An editor pinned to a free port; yields the port its registry entry publishes."""
    workspace = tmp_path_factory.mktemp("pinned")
    project = copy_demo_project(workspace / "project", test_extensions=False)
    env = {REGISTRY_DIR_ENV: str(workspace / "registry"), "GODOT_MCP_EDITOR_PORT": str(pinned_port)}
    process = start_editor(project, env, workspace / "editor.log", editor_logs)
    try:
        yield anyio.run(process.wait_ready, 120.0).editor_port
    finally:
        process.stop()


def test_a_pinned_port_is_bound_exactly(pinned_editor: int, pinned_port: int) -> None:
    assert pinned_editor == pinned_port


def test_a_moved_band_is_scanned_in_order_past_a_taken_port(
    pinned_editor: int, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project", test_extensions=False)
    env = {
        REGISTRY_DIR_ENV: str(tmp_path / "registry"),
        "GODOT_MCP_EDITOR_PORT_MIN": str(pinned_editor),
        "GODOT_MCP_EDITOR_PORT_MAX": str(pinned_editor + 20),
    }
    process = start_editor(project, env, tmp_path / "editor.log", editor_logs)
    try:
        port = anyio.run(process.wait_ready, 120.0).editor_port
    finally:
        process.stop()
    assert pinned_editor < port <= pinned_editor + 20


@pytest.mark.parametrize(
    ("variables", "logged"),
    [
        ({"GODOT_MCP_EDITOR_PORT": "not-a-port"}, "configuration error"),
        ({"GODOT_MCP_EDITOR_PORT": "70000"}, "configuration error"),
        ({"GODOT_MCP_EDITOR_PORT": "6555", "GODOT_MCP_EDITOR_PORT_MIN": "6550"}, "configuration error"),
    ],
)
def test_a_malformed_port_setting_is_a_loud_configuration_error(
    tmp_path: Path, editor_logs: list[Path], variables: dict[str, str], logged: str
) -> None:
    expect_editor_error(r"godot_live_mcp: configuration error, the editor channel will not listen")
    project = copy_demo_project(tmp_path / "project", test_extensions=False)
    registry = tmp_path / "registry"
    env = {REGISTRY_DIR_ENV: str(registry), **variables}
    process = start_editor(project, env, tmp_path / "e.log", editor_logs)
    try:
        line = wait_for_line(process.log_path, logged)
    finally:
        process.stop()
    assert "GODOT_MCP_EDITOR_PORT" in line
    assert not list(registry.glob("entries/*.json"))


def test_a_taken_pinned_port_fails_loudly_instead_of_moving(
    pinned_editor: int, tmp_path: Path, editor_logs: list[Path]
) -> None:
    expect_editor_error(r"godot_live_mcp: no free port in \d+-\d+ for the editor channel \(pinned\)")
    project = copy_demo_project(tmp_path / "project", test_extensions=False)
    registry = tmp_path / "registry"
    env = {REGISTRY_DIR_ENV: str(registry), "GODOT_MCP_EDITOR_PORT": str(pinned_editor)}
    process = start_editor(project, env, tmp_path / "e.log", editor_logs)
    try:
        line = wait_for_line(process.log_path, "no free port")
    finally:
        process.stop()
    assert f"{pinned_editor}-{pinned_editor}" in line
    assert not list(registry.glob("entries/*.json"))
