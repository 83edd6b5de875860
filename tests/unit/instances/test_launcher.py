from __future__ import annotations

import socket
import sys
import time
from pathlib import Path

import pytest

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.instances.launcher import EditorLaunchError, EditorProcess, hold_port, launch_editor
from godot_live_mcp.sandbox import NO_SANDBOX_ENV

pytestmark = pytest.mark.anyio

# Stands in for the Godot binary: registers like the addon, or fails, as FAKE_GODOT_MODE says.
FAKE_GODOT = """\
import json, os, signal, sys, time
args = sys.argv[1:]
project = args[args.index("--path") + 1]
mode = os.environ["FAKE_GODOT_MODE"]
print("fake godot", " ".join(args), "stdin:", repr(sys.stdin.read()), flush=True)
if mode == "crash":
    print("ERROR: the project is broken", file=sys.stderr, flush=True)
    sys.exit(3)
if mode == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if mode in ("ready", "stubborn"):
    entries = os.path.join(os.environ["GODOT_MCP_REGISTRY_DIR"], "entries")
    os.makedirs(entries, exist_ok=True)
    entry = {"schema": 1, "project_hash": "feedfeedfeed", "project_path": project, "project_name": "P",
             "editor_port": 6550, "pid": os.getpid(), "godot_version": "4.6.3", "plugin_version": "0.1.0",
             "protocol_version": 1, "token_path": "/t", "headless": True, "started_unix": time.time()}
    with open(os.path.join(entries, "feedfeedfeed.json"), "w") as f:
        json.dump(entry, f)
print("listening", flush=True)
while True:
    time.sleep(1)
"""


def start(tmp_path: Path, mode: str) -> EditorProcess:
    godot = tmp_path / "godot"
    godot.write_text(f"#!{sys.executable}\n{FAKE_GODOT}", "utf-8")
    godot.chmod(0o755)
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    # The fake is a Python script of this interpreter, which the sandbox (for Godot) does not let run.
    env = {
        "GODOT_MCP_REGISTRY_DIR": str(tmp_path / "registry"),
        "FAKE_GODOT_MODE": mode,
        NO_SANDBOX_ENV: "a fake Godot",
    }
    return launch_editor(project, godot=str(godot), env=env, log_path=tmp_path / "logs" / "editor.log")


async def test_a_ready_editor_is_found_by_its_pid_and_project(tmp_path: Path) -> None:
    with start(tmp_path, "ready") as editor:
        instance = await editor.wait_ready(10)
        assert instance.pid == editor.pid
        assert instance.project_path == tmp_path / "project"
    assert not editor.is_running()


async def test_the_editor_is_headless_logs_to_its_file_and_reads_no_stdin(tmp_path: Path) -> None:
    with start(tmp_path, "ready") as editor:
        await editor.wait_ready(10)
    log = editor.log_path.read_text("utf-8")
    assert "--headless --editor --path" in log
    assert "--audio-driver Dummy" in log
    assert "stdin: ''" in log


async def test_an_early_exit_is_a_clear_error_quoting_the_log(tmp_path: Path) -> None:
    with start(tmp_path, "crash") as editor:
        began = time.monotonic()
        with pytest.raises(EditorLaunchError) as failure:
            await editor.wait_ready(30)
    assert time.monotonic() - began < 10
    assert failure.value.code == ErrorCode.EDITOR_DISCONNECTED
    assert "exited with code 3" in failure.value.message
    assert "ERROR: the project is broken" in failure.value.message
    assert str(editor.log_path) in failure.value.hint


async def test_an_editor_that_never_registers_times_out_with_a_hint_about_the_addon(tmp_path: Path) -> None:
    with start(tmp_path, "silent") as editor:
        with pytest.raises(EditorLaunchError) as failure:
            await editor.wait_ready(0.3)
        assert editor.is_running()
    assert "did not publish its registry entry" in failure.value.message
    assert "addon" in failure.value.message


def test_stop_kills_an_editor_that_ignores_terminate(tmp_path: Path) -> None:
    editor = start(tmp_path, "stubborn")
    deadline = time.monotonic() + 10
    while "listening" not in editor.log_path.read_text("utf-8") and time.monotonic() < deadline:
        time.sleep(0.01)  # the fake must install its SIGTERM handler before we test it
    began = time.monotonic()
    code = editor.stop(timeout_s=0.5)
    assert code is not None
    assert code < 0
    assert time.monotonic() - began < 5


def test_a_missing_binary_is_a_launch_error_with_the_install_hint(tmp_path: Path) -> None:
    with pytest.raises(EditorLaunchError) as failure:
        launch_editor(tmp_path, godot=str(tmp_path / "no-godot"))
    assert "no-godot" in failure.value.message
    assert "godot install" in failure.value.hint


def test_a_held_port_takes_no_listener_and_accepts_no_connection() -> None:
    """The launcher holds the debug adapter's port this way for the editor's life (Godot's server sets
    SO_REUSEADDR, as this listener does)."""
    with hold_port() as held:
        port = held.getsockname()[1]
        with socket.socket() as listener:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            with pytest.raises(OSError, match="in use"):
                listener.bind(("127.0.0.1", port))
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
