"""A bounded slowloris for the HTTP transport's regression tests: COUNT raw TCP connections to
127.0.0.1:PORT, none of which has the bearer token.

Three kinds, in turn: half send a request's headers one byte per tick and never finish them; a quarter
send whole headers announcing a body of 100 kB and then send it a byte per tick; a quarter send a line
that is not HTTP at all (the server answers 400 and logs it). A connection the server closes is opened
again at the next tick, so the pressure stays the same however the server sheds it.

Commands on stdin, one a line; each is acknowledged on stdout:

- ``hold``: keep COUNT connections open; answers ``holding``.
- ``release``: close them all; answers ``released opened=N dropped=M slow_dropped=K`` (totals so far;
  ``slow_dropped``: slow connections, of the first two kinds, that the server closed).

End of input ends it. Run: ``python -m tests.regressions._slowloris PORT COUNT``.
"""

from __future__ import annotations

import errno
import os
import selectors
import socket
import sys
import time
from dataclasses import dataclass

TICK_S = 0.25
# At most this many new connections a tick: a burst of hundreds at once would overflow the listen queue
# in the kernel, where the server can do nothing for an honest client either.
OPENING_PER_TICK = 25
MAX_OPENED = 20_000  # a guard against a runaway loop, far above what a test opens
SLOW_HEADERS, SLOW_BODY, NOT_HTTP = 0, 1, 2
_KINDS = (SLOW_HEADERS, SLOW_BODY, SLOW_HEADERS, NOT_HTTP)


def endless_headers(port: int) -> bytes:
    """A request whose headers never end: ``X-Pad-N: n`` lines after the usual ones."""
    start = f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
    return (start + "".join(f"X-Pad-{n}: {n}\r\n" for n in range(2000))).encode()


def announced_body(port: int) -> bytes:
    return (
        f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        "Accept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n"
    ).encode()


@dataclass
class Peer:
    sock: socket.socket
    kind: int
    connected: bool = False
    sent: int = 0  # bytes of ``slow`` sent so far


class Slowloris:
    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.selector = selectors.DefaultSelector()
        self.peers: dict[socket.socket, Peer] = {}
        self.holding = False
        self.opened = self.dropped = self.slow_dropped = 0
        self.headers = endless_headers(port)

    def tick(self) -> None:
        """Each connected slow peer sends one more byte; the missing peers are opened again."""
        for peer in list(self.peers.values()):
            if peer.connected and peer.kind == SLOW_HEADERS:
                at = peer.sent % len(self.headers)
                self._send(peer, self.headers[at : at + 1])
                peer.sent += 1
            elif peer.connected and peer.kind == SLOW_BODY:
                self._send(peer, b" ")
        for _ in range(OPENING_PER_TICK):
            if not self.holding or len(self.peers) >= self.count or self.opened >= MAX_OPENED:
                break
            self._open(_KINDS[self.opened % len(_KINDS)])

    def on_ready(self, peer: Peer) -> None:
        if peer.sock not in self.peers:
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
        if not data:
            self.dropped += 1
            self.slow_dropped += peer.kind != NOT_HTTP
            self._close(peer)

    def release(self) -> None:
        self.holding = False
        for peer in list(self.peers.values()):
            self._close(peer)

    def _open(self, kind: int) -> None:
        self.opened += 1
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        if sock.connect_ex(("127.0.0.1", self.port)) not in (0, errno.EINPROGRESS):
            sock.close()
            return
        peer = Peer(sock, kind)
        self.peers[sock] = peer
        self.selector.register(sock, selectors.EVENT_WRITE, peer)

    def _connected(self, peer: Peer) -> None:
        if peer.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
            self._close(peer)
            return
        peer.connected = True
        self.selector.modify(peer.sock, selectors.EVENT_READ, peer)
        if peer.kind == SLOW_BODY:
            self._send(peer, announced_body(self.port))
        elif peer.kind == NOT_HTTP:
            self._send(peer, b"\x16\x03\x01 this is not HTTP\r\n\r\n")

    def _send(self, peer: Peer, data: bytes) -> None:
        try:
            peer.sock.send(data)  # a few hundred bytes at most: they fit an empty send buffer
        except BlockingIOError:
            pass
        except OSError:
            self.dropped += 1
            self.slow_dropped += peer.kind != NOT_HTTP
            self._close(peer)

    def _close(self, peer: Peer) -> None:
        if self.peers.pop(peer.sock, None) is not None:
            self.selector.unregister(peer.sock)
            peer.sock.close()


def serve(port: int, count: int) -> None:
    flood = Slowloris(port, count)
    stdin = sys.stdin.fileno()
    flood.selector.register(stdin, selectors.EVENT_READ, None)
    pending = b""
    next_tick = time.monotonic()
    while True:
        if time.monotonic() >= next_tick:
            flood.tick()
            next_tick = time.monotonic() + TICK_S
        timeout = max(0.0, next_tick - time.monotonic()) if flood.holding else None
        for key, _ in flood.selector.select(timeout=timeout):
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


def answer(flood: Slowloris, command: str) -> None:
    if command == "hold":
        flood.holding = True
        flood.tick()
        print("holding", flush=True)
    elif command == "release":
        flood.release()
        print(
            f"released opened={flood.opened} dropped={flood.dropped} slow_dropped={flood.slow_dropped}",
            flush=True,
        )


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
