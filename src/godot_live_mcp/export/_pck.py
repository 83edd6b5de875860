"""The file list of a Godot 4 pack (``.pck``): header, then a directory of paths (format versions 2
and 3; version 3, Godot 4.4 and later, stores the directory's offset in the header)."""

from __future__ import annotations

import struct
from pathlib import Path

from godot_live_mcp.contract import ErrorCode, ToolError

__all__ = ["EncryptedPackError", "pack_files"]

_MAGIC = b"GDPC"


class EncryptedPackError(ToolError):
    """A pack whose file list is encrypted (its key stays in the project's export credentials)."""

    def __init__(self, message: str) -> None:
        super().__init__(ErrorCode.READ_FAILED, message)


_FLAG_DIR_ENCRYPTED = 1
_RESERVED_INTS = 16


def pack_files(pack: Path) -> list[str]:
    """The res:// paths stored in ``pack``; ``READ_FAILED`` for a file that is not a readable pack."""
    data = pack.read_bytes()
    start = _pack_start(data)
    if start is None:
        raise _unreadable(pack, "no GDPC header")
    version, _major, _minor, _patch, flags = struct.unpack_from("<5I", data, start + 4)
    if flags & _FLAG_DIR_ENCRYPTED:
        raise EncryptedPackError(f"{pack}'s directory is encrypted.")
    cursor = start + 24 + 8  # the header so far, then the files' base offset
    if version >= 3:
        (directory,) = struct.unpack_from("<Q", data, cursor)
        cursor = start + directory
    elif version == 2:
        cursor += _RESERVED_INTS * 4
    else:
        raise _unreadable(pack, f"pack format {version} is not Godot 4's")
    (count,) = struct.unpack_from("<I", data, cursor)
    cursor += 4
    paths = []
    for _ in range(count):
        (length,) = struct.unpack_from("<I", data, cursor)
        cursor += 4
        raw = data[cursor : cursor + length]
        cursor += length + 8 + 8 + 16 + 4  # offset, size, md5, flags
        path = raw.rstrip(b"\0").decode("utf-8", errors="replace")
        paths.append(path if path.startswith("res://") else "res://" + path)
    return paths


def _pack_start(data: bytes) -> int | None:
    """Where the pack starts: at 0, or embedded at the end of an executable (size and magic last)."""
    if data[:4] == _MAGIC:
        return 0
    if len(data) < 16 or data[-4:] != _MAGIC:
        return None
    (size,) = struct.unpack_from("<Q", data, len(data) - 12)
    start = len(data) - 12 - size
    return start if start >= 0 and data[start : start + 4] == _MAGIC else None


def _unreadable(pack: Path, why: str) -> ToolError:
    return ToolError(ErrorCode.READ_FAILED, f"{pack} is not a readable Godot 4 pack: {why}.")
