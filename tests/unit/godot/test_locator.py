from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.godot.locator import GodotNotFound, find_godot, godot_version
from tests.unit.godot.fake_godot import fake_godot, fake_private_install


@pytest.fixture
def bin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty PATH, no GODOT_BIN, and a private prefix in tmp: nothing of the real machine leaks in."""
    folder = tmp_path / "bin"
    folder.mkdir()
    monkeypatch.setenv("PATH", str(folder))
    monkeypatch.delenv("GODOT_BIN", raising=False)
    monkeypatch.setenv("GODOT_MCP_GODOT_PREFIX", str(tmp_path / "private"))
    return folder


def test_explicit_option_wins_over_everything(
    tmp_path: Path, bin_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    explicit = fake_godot(tmp_path / "mine" / "godot")
    monkeypatch.setenv("GODOT_BIN", str(fake_godot(tmp_path / "env" / "godot")))
    fake_godot(bin_dir / "godot4")
    fake_private_install(tmp_path / "private")

    found = find_godot(str(explicit))

    assert (found.path, found.source) == (explicit, "option")


def test_env_wins_over_path(tmp_path: Path, bin_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from_env = fake_godot(tmp_path / "env" / "godot")
    monkeypatch.setenv("GODOT_BIN", str(from_env))
    fake_godot(bin_dir / "godot4")

    assert find_godot() == find_godot(None)
    assert (find_godot().path, find_godot().source) == (from_env, "env")


def test_godot4_on_path_wins_over_godot(bin_dir: Path) -> None:
    fake_godot(bin_dir / "godot")
    godot4 = fake_godot(bin_dir / "godot4")

    found = find_godot()

    assert (found.path, found.source) == (godot4, "path")


def test_plain_godot_on_path_wins_over_private_install(tmp_path: Path, bin_dir: Path) -> None:
    godot = fake_godot(bin_dir / "godot")
    fake_private_install(tmp_path / "private")

    assert find_godot().path == godot


def test_private_install_is_the_last_resort(tmp_path: Path, bin_dir: Path) -> None:
    binary = fake_private_install(tmp_path / "private")

    found = find_godot()

    assert (found.path, found.source) == (binary, "private")


def test_private_install_without_manifest_is_not_used(tmp_path: Path, bin_dir: Path) -> None:
    fake_private_install(tmp_path / "private", manifest=False)

    with pytest.raises(GodotNotFound) as raised:
        find_godot()

    assert "godot-live-mcp godot install" in raised.value.hint


def test_bad_explicit_path_is_an_error_not_a_fallback(tmp_path: Path, bin_dir: Path) -> None:
    fake_godot(bin_dir / "godot")

    with pytest.raises(GodotNotFound, match="--godot names"):
        find_godot(str(tmp_path / "missing"))


def test_bad_godot_bin_is_an_error_not_a_fallback(bin_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_godot(bin_dir / "godot")
    monkeypatch.setenv("GODOT_BIN", "/nonexistent/godot")

    with pytest.raises(GodotNotFound, match="GODOT_BIN names"):
        find_godot()


def test_explicit_bare_name_is_looked_up_on_path(bin_dir: Path) -> None:
    custom = fake_godot(bin_dir / "godot-4.6")

    assert find_godot("godot-4.6").path == custom


def test_non_executable_file_is_refused(tmp_path: Path, bin_dir: Path) -> None:
    plain = tmp_path / "godot"
    plain.write_text("not a program")

    with pytest.raises(GodotNotFound):
        find_godot(str(plain))


def test_version_is_the_last_line_printed(tmp_path: Path) -> None:
    binary = fake_godot(tmp_path / "godot", "4.6.3.stable.debian4.6.3+ds-2")

    assert godot_version(binary) == "4.6.3.stable.debian4.6.3+ds-2"


def test_version_of_a_failing_binary_raises_with_hint(tmp_path: Path) -> None:
    binary = fake_godot(tmp_path / "godot", exit_code=3)

    with pytest.raises(GodotNotFound, match="exit 3") as raised:
        godot_version(binary)

    assert raised.value.hint


def test_version_of_a_missing_binary_raises(tmp_path: Path) -> None:
    with pytest.raises(GodotNotFound, match="did not answer"):
        godot_version(tmp_path / "nothing")


def test_version_times_out(tmp_path: Path) -> None:
    slow = tmp_path / "godot"
    slow.write_text("#!/bin/sh\nexec sleep 5\n")
    slow.chmod(0o755)

    with pytest.raises(GodotNotFound, match="did not answer"):
        godot_version(slow, timeout=0.2)
