"""Fuzz: hostile connections to ``serve --transport http`` (headers a byte at a time, a body never
finished, no token or a wrong one, an oversized header, a bad Host or Origin, bytes that are not HTTP,
many at once), all to 127.0.0.1, at most MAX_SOCKETS open at once. Each example opens its connections,
then a client with the token calls a tool. REFUSED when the server answered every hostile connection
with a refusal or closed it within its deadline (a connection's time limit, and a margin for a busy
machine) while the client's call succeeded; HANG when the call failed or a connection was still held
after its deadline; ESCAPE when a hostile request got a 200 answer.

The slow kinds take their time limit to be closed, so an example's connections are settled while the
next examples run, and the last ones before the figures are checked."""

from __future__ import annotations

import json
import selectors
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import anyio
import pytest
from anyio.from_thread import start_blocking_portal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from godot_live_mcp.server.http_guard import GuardLimits
from tests.regressions._slowloris import announced_body, endless_headers
from tests.regressions.test_http_slowloris_starved_clients_and_flooded_the_log import serve_http
from tests.regressions.test_http_transport_had_no_authentication import INITIALIZE, client
from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import Driver, Stage, call_outcome

pytestmark = pytest.mark.engine

CATEGORY = "HTTP floods: hostile connections"
MAX_SOCKETS = 50
CALL_TIMEOUT_S = 20.0
MARGIN_S = 10.0  # beyond a connection's time limit, for a busy machine
TRICKLE_S = 0.2  # a slow connection's pace: one byte per this interval at most
LIMITS = GuardLimits()


@dataclass
class Hostile:
    sock: socket.socket
    kind: str
    trickle: bytes = b""  # sent a byte at a time after the opening bytes
    sent: int = 0
    last_sent: float = 0.0
    answer: bytes = b""
    done: bool = False

    def poll(self, now: float) -> None:
        """Read what the server said; one more byte of the trickle when its time has come."""
        try:
            data = self.sock.recv(4096)
        except BlockingIOError:
            data = None
        except OSError:
            data = b""
        if data is not None:
            self.answer += data
            self.done = data == b"" or b"\r\n" in self.answer
        if not self.done and self.trickle and now - self.last_sent >= TRICKLE_S:
            at = self.sent % len(self.trickle)
            try:
                self.sock.send(self.trickle[at : at + 1])
            except BlockingIOError:
                return
            except OSError:
                self.done = True
            self.sent, self.last_sent = self.sent + 1, now

    @property
    def answered_200(self) -> bool:
        return self.answer.split(b"\r\n", 1)[0].split(b" ")[1:2] == [b"200"]


@dataclass
class Group:
    """One example's hostile connections and what the client with the token got meanwhile."""

    example: str
    peers: list[Hostile]
    deadline: float
    call: Outcome = Outcome.ACCEPTED

    def outcome(self, now: float) -> Outcome | None:
        """None while a connection is open before the deadline."""
        if any(peer.answered_200 for peer in self.peers):
            return Outcome.ESCAPE
        if self.call is not Outcome.ACCEPTED:
            return Outcome.HANG
        if all(peer.done for peer in self.peers):
            return Outcome.REFUSED
        return Outcome.HANG if now > self.deadline else None


@dataclass
class Pool:
    """The groups not settled yet."""

    campaign: Campaign
    groups: list[Group] = field(default_factory=list)

    @property
    def open_sockets(self) -> int:
        return sum(not peer.done for group in self.groups for peer in group.peers)

    def poll(self, seconds: float) -> None:
        """Poll every open connection for ``seconds``, recording the groups that settle."""
        selector = selectors.DefaultSelector()
        end = time.monotonic() + seconds
        try:
            for group in self.groups:
                for peer in group.peers:
                    if not peer.done:
                        selector.register(peer.sock, selectors.EVENT_READ, peer)
            while True:
                now = time.monotonic()
                for group in self.groups:
                    for peer in group.peers:
                        if not peer.done:
                            peer.poll(now)
                self.record(now)
                if now >= end or not self.groups:
                    return
                selector.select(timeout=min(TRICKLE_S, end - now))
        finally:
            selector.close()

    def record(self, now: float) -> None:
        for group in list(self.groups):
            outcome = group.outcome(now)
            if outcome is not None:
                answered = sorted({peer.kind for peer in group.peers if peer.answered_200})
                example = f"answered 200: {answered}; {group.example}" if answered else group.example
                self.campaign.record(CATEGORY, outcome, example)
                self.groups.remove(group)
                for peer in group.peers:
                    peer.sock.close()

    def settle(self) -> None:
        deadline = max((group.deadline for group in self.groups), default=0.0)
        while self.groups and time.monotonic() <= deadline + 1.0:
            self.poll(0.5)


def request(port: int, headers: dict[str, str], body: bytes | None = None) -> bytes:
    data = json.dumps(INITIALIZE).encode() if body is None else body
    lines = {
        "Host": f"127.0.0.1:{port}",
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "Content-Length": str(len(data)),
        **headers,
    }
    head = "POST /mcp HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in lines.items()) + "\r\n"
    return head.encode() + data


def behaviour(kind: str, port: int, token: str) -> tuple[bytes, bytes, float]:
    """(the opening bytes, the trickle, the seconds the server may take to refuse or close)."""
    bearer = {"Authorization": f"Bearer {token}"}
    answer_s = MARGIN_S
    if kind == "slow headers":
        return b"", endless_headers(port), LIMITS.header_timeout_s + MARGIN_S
    if kind == "slow headers with the token":
        head = request(port, bearer).split(b"\r\n\r\n")[0] + b"\r\n"
        pads = b"".join(b"X-Pad-%d: x\r\n" % n for n in range(2000))
        return b"", head + pads, LIMITS.header_timeout_s + MARGIN_S
    if kind == "body never finished":
        return announced_body(port), b"", LIMITS.body_timeout_s + MARGIN_S
    if kind == "body never finished, with the token":
        opening = request(port, {**bearer, "Content-Length": "1000"}, b"{")
        return opening, b"", LIMITS.body_timeout_s + MARGIN_S
    if kind == "no token":
        return request(port, {}), b"", answer_s
    if kind == "wrong token":
        return request(port, {"Authorization": f"Bearer {token}x"}), b"", answer_s
    if kind == "oversized header":
        return request(port, {"X-Big": "a" * 20000}), b"", answer_s
    if kind == "bad Host":
        return request(port, {**bearer, "Host": f"127.0.0.1:{port}.evil.example"}), b"", answer_s
    if kind == "bad Origin":
        return request(port, {**bearer, "Origin": "http://evil.example"}), b"", answer_s
    return b"\x16\x03\x01 this is not HTTP\r\n\r\n", b"", answer_s


SINGLE = [
    "slow headers",
    "slow headers with the token",
    "body never finished",
    "body never finished, with the token",
    "no token",
    "wrong token",
    "oversized header",
    "bad Host",
    "bad Origin",
    "not HTTP",
]
kinds = st.one_of(
    st.lists(st.sampled_from(SINGLE), min_size=1, max_size=1),
    st.lists(st.sampled_from(SINGLE), min_size=8, max_size=24),  # many at once
)


@dataclass
class Flooded:
    port: int
    token: str
    driver: Driver
    pool: Pool


@pytest.fixture(scope="module")
def flooded(stage: Stage, campaign: Campaign, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flooded]:
    with serve_http(stage.editor, tmp_path_factory.mktemp("floods")) as server:
        anyio.run(server.ready, True)
        with (
            start_blocking_portal() as portal,
            portal.wrap_async_context_manager(client(server.url, server.token)) as session,
        ):
            yield Flooded(server.port, server.token, Driver(portal, session), Pool(campaign))


def open_hostile(port: int, kind: str, opening: bytes, trickle: bytes) -> Hostile:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    peer = Hostile(sock, kind, trickle)
    try:
        sock.sendall(opening)
    except OSError:
        peer.done = True
    sock.setblocking(False)
    return peer


@given(chosen=kinds)
@settings(
    max_examples=examples(40),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_fuzz_hostile_connections_are_refused_and_starve_no_client(
    flooded: Flooded, chosen: list[str]
) -> None:
    pool = flooded.pool
    while pool.groups and pool.open_sockets + len(chosen) > MAX_SOCKETS:
        pool.poll(0.5)
    peers, deadline = [], 0.0
    for kind in chosen:
        opening, trickle, seconds = behaviour(kind, flooded.port, flooded.token)
        peers.append(open_hostile(flooded.port, kind, opening, trickle))
        deadline = max(deadline, seconds)
    label = chosen[0] if len(chosen) == 1 else f"many at once ({len(chosen)}): {sorted(set(chosen))}"
    group = Group(label, peers, time.monotonic() + deadline)
    pool.groups.append(group)
    pool.poll(0.2)  # the trickles start
    group.call = call_outcome(flooded.driver, "editor_get_info", {}, CALL_TIMEOUT_S).outcome
    pool.poll(0.1)


def test_the_floods_campaign_found_nothing(flooded: Flooded, campaign: Campaign) -> None:
    flooded.pool.settle()
    tally = campaign.tally(CATEGORY)
    assert tally.tried > 0
    assert tally.failures == 0, tally.examples
