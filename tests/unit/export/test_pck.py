"""The file list of Godot 4 packs, format versions 2 and 3."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._pck import pack_files


def directory(paths: list[str]) -> bytes:
    out = struct.pack("<I", len(paths))
    for path in paths:
        raw = path.encode()
        raw += b"\0" * (-len(raw) % 4)
        out += (
            struct.pack("<I", len(raw)) + raw + struct.pack("<QQ", 0, 0) + b"\0" * 16 + struct.pack("<I", 0)
        )
    return out


def test_a_version_3_pack_lists_its_files(tmp_path: Path) -> None:
    entries = directory(["res://project.binary", "scenes/level.scn"])
    header = b"GDPC" + struct.pack("<5I", 3, 4, 6, 3, 2) + struct.pack("<Q", 0)
    header += struct.pack("<Q", len(header) + 8 + 64 + 100) + b"\0" * 64 + b"\0" * 100
    pack = tmp_path / "game.pck"
    pack.write_bytes(header + entries)
    assert pack_files(pack) == ["res://project.binary", "res://scenes/level.scn"]


def test_a_version_2_pack_lists_its_files(tmp_path: Path) -> None:
    header = b"GDPC" + struct.pack("<5I", 2, 4, 2, 0, 0) + struct.pack("<Q", 0) + b"\0" * 64
    pack = tmp_path / "old.pck"
    pack.write_bytes(header + directory(["res://icon.svg"]))
    assert pack_files(pack) == ["res://icon.svg"]


def test_a_file_that_is_no_pack_cannot_be_read(tmp_path: Path) -> None:
    pack = tmp_path / "x.pck"
    pack.write_bytes(b"nope")
    with pytest.raises(ToolError) as raised:
        pack_files(pack)
    assert raised.value.code == ErrorCode.READ_FAILED
