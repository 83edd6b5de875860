"""LSP base protocol framing: ``Content-Length`` headers, a blank line, then a UTF-8 JSON body."""

from __future__ import annotations

import json

from godot_live_mcp.bridge.jsonrpc import JsonObject

__all__ = ["FrameError", "FrameReader", "encode_frame"]

_SEPARATOR = b"\r\n\r\n"
# Godot's capabilities notification alone is about 100 kB; a frame past this is not a language server.
MAX_FRAME_BYTES = 64 * 1024 * 1024


class FrameError(ValueError):
    """The stream is not LSP framing (a header is missing or malformed, or a body is not JSON)."""


def encode_frame(message: JsonObject) -> bytes:
    body = json.dumps(message, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class FrameReader:
    """Bytes in as they arrive, whole messages out."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[JsonObject]:
        """The messages ``data`` completes; raises ``FrameError``."""
        self._buffer += data
        messages: list[JsonObject] = []
        while (message := self._next()) is not None:
            messages.append(message)
        return messages

    def _next(self) -> JsonObject | None:
        end = self._buffer.find(_SEPARATOR)
        if end < 0:
            return None
        length = _content_length(bytes(self._buffer[:end]))
        start = end + len(_SEPARATOR)
        if len(self._buffer) < start + length:
            return None
        body = bytes(self._buffer[start : start + length])
        del self._buffer[: start + length]
        try:
            message = json.loads(body)
        except ValueError as error:
            raise FrameError(f"a frame body is not JSON: {error}") from error
        if not isinstance(message, dict):
            raise FrameError("a frame body is not a JSON object")
        return message


def _content_length(header: bytes) -> int:
    for line in header.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            if not value.strip().isdigit() or int(value) > MAX_FRAME_BYTES:
                raise FrameError(f"bad Content-Length {value.strip()!r}")
            return int(value)
    raise FrameError("a frame header has no Content-Length")
