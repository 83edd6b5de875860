"""display_stack: what a launched editor is told, so that its addon can start a private screen for a game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from godot_live_mcp.godot.display import display_stack
from tests.unit.godot.fake_godot import fake_private_install


def test_the_private_xvfb_runs_with_the_prefix_tools_and_can_end_with_its_last_client(tmp_path: Path) -> None:
    godot = fake_private_install(tmp_path)
    (tmp_path / "usr" / "lib" / "x86_64-linux-gnu" / "dri").mkdir(parents=True)
    xvfb = tmp_path / "usr" / "bin" / "Xvfb"
    xvfb.write_text("#!/bin/sh\n", encoding="utf-8")
    xvfb.chmod(0o755)

    stack = display_stack(godot, prefix=tmp_path)

    assert stack is not None
    decoded = json.loads(stack)
    server: list[str] = decoded["server"]
    assert Path(server[0]).name == "env"
    assert f"PATH={tmp_path / 'usr' / 'bin'}" in "\n".join(server)
    assert str(xvfb) in server
    assert "-noreset" not in server, "it must reset (and so may end) when the game leaves"
    assert server[server.index("-screen") + 2] == "1280x720x24"
    assert decoded["env"]["LIBGL_DRIVERS_PATH"] == str(tmp_path / "usr" / "lib" / "x86_64-linux-gnu" / "dri")


def test_no_xvfb_means_no_stack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))

    assert display_stack(fake_private_install(tmp_path / "private"), prefix=tmp_path / "private") is None
