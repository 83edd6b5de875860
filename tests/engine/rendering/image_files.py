"""Just enough of PNG and JPEG to check images in tests: sizes, and PNG pixels (the stdlib has zlib)."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG colour type -> samples per pixel (8-bit, no palette)
# JPEG start-of-frame markers (baseline, progressive, ...); C4, C8 and CC are other segments.
_JPEG_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


@dataclass(frozen=True)
class Pixels:
    width: int
    height: int
    channels: int
    rows: list[bytes]

    def colours(self) -> set[bytes]:
        step = self.channels
        return {row[x : x + step] for row in self.rows for x in range(0, len(row), step)}


def jpeg_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a JPEG's frame header; ValueError when ``data`` is not a JPEG."""
    if data[:2] != b"\xff\xd8" or data[-2:] != b"\xff\xd9":
        raise ValueError("not a complete JPEG (SOI/EOI markers missing)")
    at = 2
    while at + 4 <= len(data):
        marker, length = data[at + 1], struct.unpack(">H", data[at + 2 : at + 4])[0]
        if marker in _JPEG_FRAMES:
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        at += 2 + length
    raise ValueError("no JPEG frame header found")


def png_pixels(data: bytes) -> Pixels:
    """The decoded rows of an 8-bit, non-interlaced, non-palette PNG (what Godot writes)."""
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError("not a PNG")
    header, idat = _png_chunks(data)
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in _CHANNELS or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    channels = _CHANNELS[colour]
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        row = _unfilter(raw[start], bytearray(raw[start + 1 : start + 1 + stride]), previous, channels)
        rows.append(row)
        previous = row
    return Pixels(width, height, channels, rows)


def _png_chunks(data: bytes) -> tuple[bytes, bytes]:
    at, header, idat = len(PNG_SIGNATURE), b"", b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    return header, idat


def _unfilter(kind: int, row: bytearray, previous: bytes, bpp: int) -> bytes:
    if kind == 0:
        return bytes(row)
    for x in range(len(row)):
        left = row[x - bpp] if x >= bpp else 0
        up = previous[x]
        corner = previous[x - bpp] if x >= bpp else 0
        if kind == 1:
            row[x] = (row[x] + left) & 0xFF
        elif kind == 2:
            row[x] = (row[x] + up) & 0xFF
        elif kind == 3:
            row[x] = (row[x] + (left + up) // 2) & 0xFF
        elif kind == 4:
            row[x] = (row[x] + _paeth(left, up, corner)) & 0xFF
    return bytes(row)


def _paeth(left: int, up: int, corner: int) -> int:
    estimate = left + up - corner
    distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
    return (left, up, corner)[distances.index(min(distances))]
