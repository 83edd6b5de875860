"""A hostile local peer for the transport regression tests: keeps up to COUNT raw TCP connections open
to an editor's WebSocket port for SECONDS, none of which ever authenticates or answers a close frame.

Three kinds, in turn: a bare TCP connection that says nothing, a WebSocket upgrade request and then
silence, and a completed upgrade with one non-auth frame (the editor refuses it with 1008) whose close
frame is never answered. A connection the editor drops is replaced, at most MAX_OPENED in all.
Prints "opened=N dropped_by_editor=M" at the end.

Run: ``python -m tests.regressions._socket_flood PORT COUNT SECONDS``.
"""

from __future__ import annotations

import base64
import os
import selectors
import socket
import sys
import time

MAX_OPENED = 5000
UPGRADE = (
    "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def masked_text_frame(text: str) -> bytes:
    payload = text.encode()
    mask = os.urandom(4)
    body = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + body


def open_one(port: int, kind: int) -> socket.socket | None:
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=2)
    except OSError:
        return None
    try:
        if kind >= 1:
            key = base64.b64encode(os.urandom(16)).decode()
            sock.sendall(UPGRADE.format(port=port, key=key).encode())
        if kind == 2:
            sock.settimeout(2)
            sock.recv(4096)  # the 101 answer
            sock.sendall(masked_text_frame('{"jsonrpc":"2.0","id":1,"method":"ping"}'))
    except OSError:
        sock.close()
        return None
    sock.setblocking(False)
    return sock


def flood(port: int, count: int, seconds: float) -> tuple[int, int]:
    selector = selectors.DefaultSelector()
    opened = dropped = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        while len(selector.get_map()) < count and opened < MAX_OPENED:
            sock = open_one(port, opened % 3)
            opened += 1
            if sock is not None:
                selector.register(sock, selectors.EVENT_READ)
        for key, _ in selector.select(timeout=0.05):
            ready = key.fileobj
            assert isinstance(ready, socket.socket)
            try:
                data = ready.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:  # the editor hung up on us: never answered, just replaced
                selector.unregister(ready)
                ready.close()
                dropped += 1
    for key in list(selector.get_map().values()):
        key.fileobj.close()  # type: ignore[union-attr]
    return opened, dropped


if __name__ == "__main__":
    total, gone = flood(int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]))
    print(f"opened={total} dropped_by_editor={gone}", flush=True)
