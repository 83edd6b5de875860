"""The one way the server reads a project's or a person's file: regular, inside its folder, capped."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from godot_live_mcp.regular_files import (
    FileRefusedError,
    read_regular_bytes,
    read_regular_tail,
    read_regular_text,
    replace_text,
)


def test_a_regular_file_inside_its_folder_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("hello", "utf-8")
    (tmp_path / "link.txt").symlink_to(tmp_path / "a.txt")  # a link that stays inside is fine
    assert read_regular_text(tmp_path / "a.txt", inside=tmp_path) == "hello"
    assert read_regular_text(tmp_path / "link.txt", inside=tmp_path) == "hello"


@pytest.mark.parametrize("target", ["/dev/zero", "/etc/hostname"])
def test_a_link_out_of_the_folder_is_refused(tmp_path: Path, target: str) -> None:
    (tmp_path / "out").symlink_to(target)
    with pytest.raises(FileRefusedError, match="leads out of"):
        read_regular_bytes(tmp_path / "out", inside=tmp_path)


def test_a_device_is_refused_even_without_a_folder(tmp_path: Path) -> None:
    with pytest.raises(FileRefusedError, match="/dev/zero is a device, not a regular file"):
        read_regular_bytes(Path("/dev/zero"))


def test_a_fifo_is_refused_without_blocking_the_open(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(FileRefusedError, match="is a FIFO"):
        read_regular_bytes(tmp_path / "pipe", inside=tmp_path)


def test_a_file_over_its_cap_is_refused_naming_the_file_and_the_cap(tmp_path: Path) -> None:
    (tmp_path / "big").write_bytes(b"x" * 2000)
    with pytest.raises(FileRefusedError, match=r"big is 2,000 bytes, over the 1,000 byte cap"):
        read_regular_bytes(tmp_path / "big", cap=1000)
    assert read_regular_tail(tmp_path / "big", cap=10) == b"x" * 10  # a log's tail is read, capped


def test_a_refusal_is_an_oserror_so_callers_that_skip_unreadable_files_skip_it(tmp_path: Path) -> None:
    assert issubclass(FileRefusedError, OSError)


def test_writes_atomically_and_keeps_bytes_and_mode(tmp_path: Path) -> None:
    path = tmp_path / "project.godot"
    path.write_bytes(b"config_version=5\r\n")
    path.chmod(0o640)

    replace_text(path, path.read_bytes().decode() + "x=1\r\n")

    assert path.read_bytes() == b"config_version=5\r\nx=1\r\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert os.listdir(tmp_path) == ["project.godot"]


def test_failed_write_leaves_the_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "project.godot"
    path.write_text("config_version=5\n")

    with pytest.raises(UnicodeEncodeError):
        replace_text(path, "\udcff")

    assert path.read_text() == "config_version=5\n"
    assert os.listdir(tmp_path) == ["project.godot"]


def test_a_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    umask = os.umask(0o027)
    try:
        replace_text(path, "{}")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_new_private_file_gets_the_mode_asked_for(tmp_path: Path) -> None:
    replace_text(tmp_path / "cache.json", "{}", new_mode=0o600)
    assert stat.S_IMODE((tmp_path / "cache.json").stat().st_mode) == 0o600
