"""Regression (issue 21): a game started through ``game_start`` ran with all of the user's rights: its
scripts read ``~/.ssh`` and connected anywhere. The editor ``serve`` launches now runs in the sandbox
(Landlock), and so does its game: no home file but the project's and user://, TCP only on the ports of
the editor-game channel; the game itself still runs and answers the runtime tools."""

from __future__ import annotations

import json
import shutil
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.sandbox import sandbox_state
from tests.engine.harness import unexcused_errors
from tests.regressions.test_serve_left_processes_running import ServeProcess, serving_with_a_game

pytestmark = [
    pytest.mark.engine,
    pytest.mark.skipif(sandbox_state() != "landlock", reason="no Landlock sandbox on this machine"),
]

PROBE = """extends Node

@export var key_path: String = ""
@export var port: int = 0


func _ready() -> void:
	var key: FileAccess = FileAccess.open(key_path, FileAccess.READ)
	var peer: StreamPeerTCP = StreamPeerTCP.new()
	var connect_error: Error = peer.connect_to_host("127.0.0.1", port)
	for i: int in 50:
		peer.poll()
		if peer.get_status() != StreamPeerTCP.STATUS_CONNECTING:
			break
		OS.delay_msec(20)
	var saved: FileAccess = FileAccess.open("user://probe_wrote.txt", FileAccess.WRITE)
	var found: Dictionary = {
		"key": key.get_as_text() if key != null else "",
		"key_error": error_string(FileAccess.get_open_error()),
		"connect_error": error_string(connect_error),
		"connected": peer.get_status() == StreamPeerTCP.STATUS_CONNECTED,
		"user_dir_writable": saved != null,
	}
	FileAccess.open("res://probe.json", FileAccess.WRITE).store_string(JSON.stringify(found))
"""

SCENE = """[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="res://probe.gd" id="1"]

[node name="Probe" type="Node"]
script = ExtResource("1")
key_path = "{key}"
port = {port}
"""


# The refused connect, which the game logs and the editor copies into its own log.
REFUSED = "Connection to remote host failed"


@pytest.fixture
def away_home() -> Iterator[Path]:
    """A home folder outside /tmp: the sandbox leaves /tmp writable (the X server of a game's private
    display keeps its lock and socket there), and a real home is never under it."""
    home = Path(tempfile.mkdtemp(prefix="godot-mcp-home-", dir="/var/tmp"))
    yield home
    shutil.rmtree(home, ignore_errors=True)


def test_a_game_reads_no_home_file_and_reaches_no_outside_port(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, away_home: Path
) -> None:
    logs: list[Path] = []
    home = away_home
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("-----BEGIN FAKE KEY-----\n")
    monkeypatch.setenv("GODOT_BIN", str(find_godot().path))  # found before HOME moves
    monkeypatch.setenv("HOME", str(home))
    with socket.create_server(("127.0.0.1", 0)) as outside:
        outside.setblocking(False)
        port = outside.getsockname()[1]

        def plant(project: Path) -> None:
            (project / "probe.gd").write_text(PROBE)
            (project / "probe.tscn").write_text(SCENE.format(key=home / ".ssh" / "id_rsa", port=port))

        with serving_with_a_game(tmp_path, logs, prepare=plant, scene="res://probe.tscn") as (
            serve,
            _editor,
            _game,
        ):
            found = _wait_for_probe(tmp_path / "project" / "probe.json", serve)
            assert serve.call("game_status")["sandbox"] == "landlock"
        with pytest.raises(BlockingIOError):
            outside.accept()
    assert [line for log in logs for line in unexcused_errors(log) if REFUSED not in line] == []
    assert found["key"] == "", "the game read a key from the home folder"
    assert found["connected"] is False
    assert found["user_dir_writable"] is True


def _wait_for_probe(path: Path, serve: ServeProcess) -> dict[str, object]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if path.is_file() and path.read_text().strip():
            found: dict[str, object] = json.loads(path.read_text())
            return found
        assert serve.popen.poll() is None, "serve exited"
        time.sleep(0.1)
    pytest.fail(f"the probe scene wrote nothing to {path}")
