"""LSP framing: whole messages out of bytes however they are split, and clear refusals of non-LSP input."""

from __future__ import annotations

import pytest

from godot_live_mcp.lsp._framing import FrameError, FrameReader, encode_frame


def test_a_frame_round_trips_byte_by_byte() -> None:
    frame = encode_frame({"jsonrpc": "2.0", "id": 1, "result": {"text": "héllo"}})
    reader = FrameReader()
    found = [message for byte in frame for message in reader.feed(bytes([byte]))]
    assert found == [{"jsonrpc": "2.0", "id": 1, "result": {"text": "héllo"}}]


def test_the_length_counts_utf8_bytes_not_characters() -> None:
    frame = encode_frame({"text": "ü"})
    header, _, body = frame.partition(b"\r\n\r\n")
    assert header == b"Content-Length: %d" % len(body)


def test_two_frames_in_one_read_and_extra_headers() -> None:
    second = b'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 8\r\n\r\n{"b": 2}'
    assert FrameReader().feed(encode_frame({"a": 1}) + second) == [{"a": 1}, {"b": 2}]


@pytest.mark.parametrize(
    "data",
    [b"Content-Type: x\r\n\r\n{}", b"Content-Length: abc\r\n\r\n{}", b"Content-Length: 2\r\n\r\n[]"],
)
def test_what_is_not_lsp_is_refused(data: bytes) -> None:
    with pytest.raises(FrameError):
        FrameReader().feed(data)
