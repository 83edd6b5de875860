"""A hostile local peer for the transport regression tests: raw TCP connections to an editor's WebSocket
port, none of which ever authenticates or answers a close frame.

Three kinds, in turn: a bare TCP connection that says nothing, a WebSocket upgrade request and then
silence, and a completed upgrade with one non-auth frame (the editor refuses it with 1008) whose close
frame is never answered. Everything is non-blocking, so a command is acted on at once, but at most
OPENING connections are being opened at a time: a burst of simultaneous connection requests would keep
the listen queue (8 deep in Godot's TCPServer) full in the kernel, where no code of the editor can make
room for an honest client.

Commands on stdin, one a line; each is acknowledged on stdout:

- ``hold``: keep COUNT connections open, replacing every one the editor drops; answers ``holding``.
- ``release``: close them all; answers ``released opened=N dropped_by_editor=M`` (totals so far).

End of input ends it. Run: ``python -m tests.regressions._socket_flood PORT COUNT``.
"""

from __future__ import annotations

import base64
import errno
import os
import selectors
import socket
import sys
from dataclasses import dataclass, field

# A guard against a runaway loop, far above what a test opens.
MAX_OPENED = 50_000
UPGRADE = (
    "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
SILENT, UPGRADE_ONLY, REFUSED_FRAME = 0, 1, 2
OPENING = 4


def masked_text_frame(text: str) -> bytes:
    payload = text.encode()
    mask = os.urandom(4)
    body = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + body


@dataclass
class Hostile:
    sock: socket.socket
    kind: int
    connected: bool = False
    framed: bool = False
    received: bytearray = field(default_factory=bytearray)


class Flood:
    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.selector = selectors.DefaultSelector()
        self.peers: dict[socket.socket, Hostile] = {}
        self.holding = False
        self.opened = self.dropped = 0

    def top_up(self) -> None:
        while self.holding and len(self.peers) < self.count and self.opened < MAX_OPENED:
            if sum(not peer.connected for peer in self.peers.values()) >= OPENING:
                return
            self.opened += 1
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            if sock.connect_ex(("127.0.0.1", self.port)) not in (0, errno.EINPROGRESS):
                sock.close()
                continue
            peer = Hostile(sock, self.opened % 3)
            self.peers[sock] = peer
            self.selector.register(sock, selectors.EVENT_WRITE, peer)

    def on_ready(self, peer: Hostile) -> None:
        if peer.sock not in self.peers:  # released earlier in the same batch
            return
        if not peer.connected:
            self._connected(peer)
            return
        try:
            data = peer.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the editor hung up on us: never answered, just replaced
            self.dropped += 1
            self._close(peer)
            return
        peer.received += data
        if peer.kind == REFUSED_FRAME and not peer.framed and b"\r\n\r\n" in peer.received:
            peer.framed = True
            self._send(peer, masked_text_frame('{"jsonrpc":"2.0","id":1,"method":"ping"}'))

    def release(self) -> None:
        self.holding = False
        for peer in list(self.peers.values()):
            self._close(peer)

    def _connected(self, peer: Hostile) -> None:
        if peer.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
            self._close(peer)
            return
        peer.connected = True
        self.selector.modify(peer.sock, selectors.EVENT_READ, peer)
        if peer.kind != SILENT:
            key = base64.b64encode(os.urandom(16)).decode()
            self._send(peer, UPGRADE.format(port=self.port, key=key).encode())

    def _send(self, peer: Hostile, data: bytes) -> None:
        try:
            peer.sock.send(data)  # a few hundred bytes: they fit an empty send buffer
        except OSError:
            self._close(peer)

    def _close(self, peer: Hostile) -> None:
        if self.peers.pop(peer.sock, None) is not None:
            self.selector.unregister(peer.sock)
            peer.sock.close()


def serve(port: int, count: int) -> None:
    flood = Flood(port, count)
    stdin = sys.stdin.fileno()
    flood.selector.register(stdin, selectors.EVENT_READ, None)
    pending = b""
    while True:
        flood.top_up()
        for key, _ in flood.selector.select(timeout=0.05 if flood.holding else None):
            if key.data is not None:
                flood.on_ready(key.data)
                continue
            chunk = os.read(stdin, 4096)
            if not chunk:
                flood.release()
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                answer(flood, line.decode().strip())


def answer(flood: Flood, command: str) -> None:
    if command == "hold":
        flood.holding = True
        print("holding", flush=True)
    elif command == "release":
        flood.release()
        print(f"released opened={flood.opened} dropped_by_editor={flood.dropped}", flush=True)


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
