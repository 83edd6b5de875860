"""Fuzz: a game script reaching out of its sandbox. One game, started by ``game_start`` through a
``serve`` that launched its own (sandboxed) editor with a fake home folder, tries each escape in turn
and writes what it got into res://probe.json; each probe is one tried input, an escape when it worked
(seen by the game or, for files and sockets, by the test itself). The campaign's own editor is started
without the sandbox, so this module does not use it."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.sandbox import sandbox_state
from tests.http_serving import free_port
from tests.regressions.test_game_scripts_read_home_and_reached_the_network import _wait_for_probe
from tests.regressions.test_serve_left_processes_running import serving_with_a_game
from tests.security.campaign import Campaign, Outcome

pytestmark = [
    pytest.mark.engine,
    pytest.mark.skipif(sandbox_state() != "landlock", reason="no Landlock sandbox on this machine"),
]

CATEGORY = "sandbox: game scripts reaching out"
SECRET = "HOME-SECRET-51d0"

PROBE = """extends Node

@export var home: String = ""
@export var other_project: String = ""
@export var outside_file: String = ""
@export var tcp_port: int = 0
@export var bind_port: int = 0
@export var udp_port: int = 0


func _ready() -> void:
	var found: Dictionary = {}
	found["read ~/.ssh/id_rsa"] = _reads(home.path_join(".ssh/id_rsa"))
	found["read ~/.bashrc"] = _reads(home.path_join(".bashrc"))
	found["read ~/.config/x"] = _reads(home.path_join(".config/x"))
	found["list the home folder"] = _lists(home)
	found["write into the home folder"] = _writes(home.path_join("escaped.txt"))
	found["write into /var/tmp"] = _writes(outside_file)
	found["read another project"] = _reads(other_project.path_join("secret.txt"))
	found["list another project"] = _lists(other_project)
	found["connect TCP to 127.0.0.1"] = _connects(tcp_port)
	found["bind a TCP port"] = TCPServer.new().listen(bind_port, "127.0.0.1") == OK
	found["send UDP to 127.0.0.1"] = _sends(udp_port)
	found["user_dir_writable"] = _writes("user://probe_wrote.txt")
	FileAccess.open("res://probe.json", FileAccess.WRITE).store_string(JSON.stringify(found))


func _reads(path: String) -> bool:
	var file: FileAccess = FileAccess.open(path, FileAccess.READ)
	return file != null and file.get_as_text() != ""


func _lists(path: String) -> bool:
	var folder: DirAccess = DirAccess.open(path)
	if folder == null:
		return false
	folder.include_hidden = true
	return folder.get_files().size() + folder.get_directories().size() > 0


func _writes(path: String) -> bool:
	var file: FileAccess = FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		return false
	file.store_string("escaped")
	return true


func _connects(port: int) -> bool:
	var peer: StreamPeerTCP = StreamPeerTCP.new()
	if peer.connect_to_host("127.0.0.1", port) != OK:
		return false
	for i: int in 50:
		peer.poll()
		if peer.get_status() != StreamPeerTCP.STATUS_CONNECTING:
			break
		OS.delay_msec(20)
	return peer.get_status() == StreamPeerTCP.STATUS_CONNECTED


func _sends(port: int) -> bool:
	var peer: PacketPeerUDP = PacketPeerUDP.new()
	peer.set_dest_address("127.0.0.1", port)
	return peer.put_packet("escaped".to_utf8_buffer()) == OK
"""

SCENE = """[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="res://probe.gd" id="1"]

[node name="Probe" type="Node"]
script = ExtResource("1")
home = "{home}"
other_project = "{other}"
outside_file = "{outside}"
tcp_port = {tcp}
bind_port = {bind}
udp_port = {udp}
"""


def fake_home(home: Path) -> None:
    for name in (".ssh/id_rsa", ".bashrc", ".config/x"):
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_text(f"{SECRET}\n", "utf-8")


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, bool]]:
    """The one game run: each probe's result, the game's word or'ed with what the test observed."""
    workspace = tmp_path_factory.mktemp("sandbox")
    # The home folder and the other project lie outside /tmp, as a real home does: the sandbox keeps /tmp
    # writable for the game's private X display, so a home under pytest's /tmp folder would be reachable.
    away = Path(tempfile.mkdtemp(prefix="godot-mcp-sandbox-fuzz-", dir="/var/tmp"))
    home, other = away / "home", away / "other_project"
    fake_home(home)
    other.mkdir()
    (other / "project.godot").write_text("config_version=5\n", "utf-8")
    (other / "secret.txt").write_text(f"{SECRET}\n", "utf-8")
    outside = Path(f"/var/tmp/godot-mcp-sandbox-fuzz-{os.getpid()}.txt")
    godot = str(find_godot().path)  # found before HOME moves
    with (
        pytest.MonkeyPatch.context() as patch,
        socket.create_server(("127.0.0.1", 0)) as listener,
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as datagrams,
    ):
        patch.setenv("GODOT_BIN", godot)
        patch.setenv("HOME", str(home))
        listener.setblocking(False)
        datagrams.bind(("127.0.0.1", 0))
        datagrams.setblocking(False)
        ports = {"tcp": listener.getsockname()[1], "bind": free_port(), "udp": datagrams.getsockname()[1]}

        def plant(project: Path) -> None:
            (project / "probe.gd").write_text(PROBE, "utf-8")
            scene = SCENE.format(home=home, other=other, outside=outside, **ports)
            (project / "probe.tscn").write_text(scene, "utf-8")

        try:
            with serving_with_a_game(workspace, [], prepare=plant, scene="res://probe.tscn") as (serve, _, _):
                found: dict[str, bool] = {
                    k: bool(v)
                    for k, v in _wait_for_probe(workspace / "project" / "probe.json", serve).items()
                }
                found["sandbox is landlock"] = serve.call("game_status")["sandbox"] == "landlock"
            found["connect TCP to 127.0.0.1"] |= accepted(listener)
            found["send UDP to 127.0.0.1"] |= received(datagrams)
            found["write into the home folder"] |= (home / "escaped.txt").exists()
            found["write into /var/tmp"] |= outside.exists()
            yield found
        finally:
            outside.unlink(missing_ok=True)
            shutil.rmtree(away, ignore_errors=True)


def accepted(listener: socket.socket) -> bool:
    try:
        listener.accept()[0].close()
    except BlockingIOError:
        return False
    return True


def received(datagrams: socket.socket) -> bool:
    try:
        return datagrams.recv(64) != b""
    except BlockingIOError:
        return False


ESCAPES = [
    "read ~/.ssh/id_rsa",
    "read ~/.bashrc",
    "read ~/.config/x",
    "list the home folder",
    "write into the home folder",
    "write into /var/tmp",
    "read another project",
    "list another project",
    "connect TCP to 127.0.0.1",
    "bind a TCP port",
    "send UDP to 127.0.0.1",
]


def test_each_escape_of_a_game_script_failed(probes: dict[str, bool], campaign: Campaign) -> None:
    assert probes["sandbox is landlock"], "the game did not run in the sandbox"
    assert probes["user_dir_writable"], "the sandbox took user:// away from the game"
    for probe in ESCAPES:
        campaign.record(CATEGORY, Outcome.ESCAPE if probes[probe] else Outcome.REFUSED, probe)


def test_the_sandbox_campaign_found_nothing(campaign: Campaign) -> None:
    tally = campaign.tally(CATEGORY)
    assert tally.tried > 0
    assert tally.failures == 0, tally.examples
