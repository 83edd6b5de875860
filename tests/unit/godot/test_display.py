from __future__ import annotations

import time
from pathlib import Path

import pytest

from godot_live_mcp.godot.display import DisplayError, find_xvfb, rendering_env, start_display
from tests.unit.godot.fake_godot import fake_private_install


def _fake_xvfb(prefix: Path, body: str) -> Path:
    xvfb = prefix / "usr" / "bin" / "Xvfb"
    xvfb.parent.mkdir(parents=True, exist_ok=True)
    xvfb.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    xvfb.chmod(0o755)
    return xvfb


def test_the_private_xvfb_comes_before_the_one_on_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    private = _fake_xvfb(tmp_path / "private", "exit 0")
    on_path = _fake_xvfb(tmp_path / "system", "exit 0")
    monkeypatch.setenv("PATH", str(on_path.parent))

    assert find_xvfb(tmp_path / "private") == private
    assert find_xvfb(tmp_path / "none") == on_path


def test_no_xvfb_anywhere_names_the_install_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))

    with pytest.raises(DisplayError, match="no Xvfb found") as raised:
        find_xvfb(tmp_path / "empty")

    assert "godot-live-mcp godot install --with-display" in raised.value.hint


def test_the_display_number_is_the_one_xvfb_reports_when_ready(tmp_path: Path) -> None:
    # -displayfd FD is the first argument pair: write the number there, then stay up like a server.
    _fake_xvfb(tmp_path, "echo 42 > /dev/fd/$2\nexec sleep 30")

    with start_display(prefix=tmp_path) as display:
        assert (display.number, display.name) == (42, ":42")
        assert display.is_running()
    assert not display.is_running()


def test_an_xvfb_that_exits_early_is_reported_with_its_own_words(tmp_path: Path) -> None:
    _fake_xvfb(tmp_path, 'echo "Fatal server error: no screens found" >&2\nexit 1')

    with pytest.raises(DisplayError, match="no screens found"):
        start_display(prefix=tmp_path)


def test_an_xvfb_that_never_gets_ready_is_stopped_at_the_deadline(tmp_path: Path) -> None:
    _fake_xvfb(tmp_path, "exec sleep 30")
    started = time.monotonic()

    with pytest.raises(DisplayError, match="did not get ready within"):
        start_display(prefix=tmp_path, timeout_s=0.5)

    assert time.monotonic() - started < 5


def test_a_godot_of_a_private_install_with_mesa_gets_its_driver_folders(tmp_path: Path) -> None:
    godot = fake_private_install(tmp_path)
    (tmp_path / "usr" / "lib" / "x86_64-linux-gnu" / "dri").mkdir(parents=True)

    env = rendering_env(godot)

    assert env["LIBGL_DRIVERS_PATH"] == str(tmp_path / "usr" / "lib" / "x86_64-linux-gnu" / "dri")
    assert env["__EGL_VENDOR_LIBRARY_DIRS"] == str(tmp_path / "usr" / "share" / "glvnd" / "egl_vendor.d")
    assert env["VK_DRIVER_FILES"].endswith("lvp_icd.json")


def test_any_other_godot_keeps_its_system_drivers(tmp_path: Path) -> None:
    without_mesa = fake_private_install(tmp_path / "private")
    (tmp_path / "system" / "usr" / "lib" / "x86_64-linux-gnu" / "dri").mkdir(parents=True)

    assert rendering_env(without_mesa) == {}
    assert rendering_env(tmp_path / "system" / "usr" / "bin" / "godot") == {}
    assert rendering_env(Path("/godot")) == {}
