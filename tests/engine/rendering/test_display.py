"""The private Xvfb of the installer's display stack, run for real: it needs nothing from the host."""

from __future__ import annotations

import socket
import struct
from pathlib import Path

import pytest

from godot_live_mcp.godot._prefix import default_prefix
from godot_live_mcp.godot.display import find_xvfb, rendering_env, start_display
from godot_live_mcp.godot.locator import find_godot

pytestmark = [pytest.mark.engine]


def x11_setup_status(number: int) -> int:
    """The first byte of an X server's answer to a connection setup: 1 is success."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.settimeout(5.0)
        client.connect(f"/tmp/.X11-unix/X{number}")
        client.sendall(struct.pack("<BxHHHHxx", ord("l"), 11, 0, 0, 0))
        return client.recv(8)[0]


def test_a_private_display_accepts_x11_clients_until_it_is_stopped() -> None:
    with start_display() as display:
        assert x11_setup_status(display.number) == 1
    assert not display.is_running()
    assert not Path(f"/tmp/.X{display.number}-lock").exists()


def test_two_displays_never_share_a_number() -> None:
    with start_display() as first, start_display() as second:
        assert first.number != second.number
        assert x11_setup_status(second.number) == 1


def test_the_private_xvfb_takes_keymaps_and_fonts_from_the_prefix_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prefix = default_prefix()
    assert find_xvfb() == prefix / "usr" / "bin" / "Xvfb", "make setup installs the display stack"
    # With no PATH of the host's, only the prefix's xkbcomp can compile the keymap Xvfb needs to start.
    monkeypatch.setenv("PATH", "")

    with start_display() as display:
        assert x11_setup_status(display.number) == 1
        arguments = Path(f"/proc/{display.process.pid}/cmdline").read_bytes().split(b"\0")

    assert str(prefix / "usr" / "share" / "X11" / "xkb").encode() in arguments
    assert arguments[arguments.index(b"-fp") + 1] == b"built-ins"
    assert b"tcp" in arguments  # -nolisten tcp


def test_the_private_godot_is_pointed_at_the_prefix_mesa() -> None:
    godot = find_godot()
    if godot.source != "private":
        pytest.skip(f"the tests run the Godot named by {godot.describe()}: its system's drivers apply")

    env = rendering_env(godot.path)

    assert (Path(env["LIBGL_DRIVERS_PATH"]) / "swrast_dri.so").exists()
    assert any(Path(env["__EGL_VENDOR_LIBRARY_DIRS"]).glob("*mesa*.json"))
    assert Path(env["VK_DRIVER_FILES"]).is_file()
