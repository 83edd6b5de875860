"""The one way the server reads a project's or a person's file: regular, inside its folder, capped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from godot_live_mcp.regular_files import (
    FileRefusedError,
    read_regular_bytes,
    read_regular_tail,
    read_regular_text,
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
