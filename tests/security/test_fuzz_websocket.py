"""Fuzz: generated frames on the editor's WebSocket, before and after authentication.

Before auth, any frame must end in a refusal (a close, or an error answer): an answer with a result is
an escape, no close within the deadline a hang. After auth, after every generated frame the editor
must still answer a ``ping`` on the same or a new connection: a dead editor is a crash, a missing
answer a hang."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.instances._process import pid_alive
from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import Driver, Stage
from tests.security.strategies import frame_text

pytestmark = pytest.mark.engine

FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
BEFORE_AUTH = "frames: editor WebSocket before auth"
AFTER_AUTH = "frames: editor WebSocket after auth"
CLOSE_WITHIN_S = 8.0
ANSWER_WITHIN_S = 8.0
# Read-only methods and the protocol's own; never _quit, never a mutation.
METHODS = [
    CONTRACT.method("auth"),
    CONTRACT.method("ping"),
    CONTRACT.method("catalog"),
    CONTRACT.method("cancel"),
    "editor.get_info",
    "scene.get_tree",
    "node.get",
    "file.read",
    "file.list",
    "classdb.get_class",
    "project.get_setting",
]


def harmless(frame: str) -> str:
    """The frame, with a generated call of _quit (which would end the editor) left out."""
    return frame.replace(CONTRACT.method("quit"), "_quiet")


@dataclass
class Peer:
    """An authenticated connection to the fuzzed editor, reopened whenever the editor closes it."""

    stage: Stage
    ws: ClientConnection | None = None
    probes: int = 0

    async def open(self) -> ClientConnection:
        if self.ws is None:
            instance = self.stage.editor.instance
            token = instance.token_path.read_text("utf-8").strip()
            self.ws = await connect(instance.url, proxy=None, max_size=None, ping_interval=None)
            auth = {"token": token, "client": "fuzz", "protocol_version": CONTRACT.protocol_version}
            await self.ws.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "auth", "params": auth}))
            await self.ws.recv()
        return self.ws

    async def ping(self, wanted: Any = None) -> tuple[bool, Outcome]:
        """Send a ping and read up to its answer: (answered, what the frame with id ``wanted`` got).

        Raises ``ConnectionClosed`` when the editor closed the connection."""
        self.probes += 1
        probe = f"probe-{self.probes}-c0ffee"
        ws = await self.open()
        await ws.send(json.dumps({"jsonrpc": "2.0", "id": probe, "method": CONTRACT.method("ping")}))
        got = Outcome.ACCEPTED  # a notification, or a frame the editor let pass without a word
        with anyio.move_on_after(ANSWER_WITHIN_S):
            while True:
                answer = json.loads(await ws.recv())
                if not isinstance(answer, dict):
                    continue
                if answer.get("id") == probe:
                    return True, got
                if "error" in answer and answer.get("id") in (wanted, None):
                    got = Outcome.REFUSED
        return False, got


async def refused_before_auth(stage: Stage, frame: str) -> Outcome:
    async with connect(stage.editor.instance.url, proxy=None, max_size=None, ping_interval=None) as ws:
        await ws.send(frame)
        with anyio.move_on_after(CLOSE_WITHIN_S):
            try:
                while True:
                    answer = json.loads(await ws.recv())
                    if isinstance(answer, dict) and "result" in answer:
                        return Outcome.ESCAPE
            except ConnectionClosed:
                return Outcome.REFUSED
            except ValueError:
                return Outcome.CRASH  # the editor sent a frame that is not JSON
    return Outcome.HANG


@given(frame=frame_text(METHODS))
@settings(FUZZ, max_examples=examples(60))
def test_fuzz_frames_before_auth_are_refused(
    driver: Driver, stage: Stage, campaign: Campaign, frame: str
) -> None:
    frame = harmless(frame)
    try:
        outcome = driver.portal.call(refused_before_auth, stage, frame)
    except (OSError, WebSocketException) as error:
        outcome = Outcome.CRASH if not pid_alive(stage.editor.instance.pid) else Outcome.REFUSED
        frame += f" ({error!r})"
    campaign.record(BEFORE_AUTH, outcome, frame)


@pytest.fixture(scope="module")
def peer(driver: Driver, stage: Stage) -> Iterator[Peer]:
    peer = Peer(stage)
    yield peer
    if peer.ws is not None:
        driver.portal.call(peer.ws.close)


@given(frame=frame_text(METHODS))
@settings(FUZZ, max_examples=examples(100))
def test_fuzz_frames_after_auth_never_stop_the_editor(
    driver: Driver, stage: Stage, peer: Peer, campaign: Campaign, frame: str
) -> None:
    frame = harmless(frame)
    outcome = driver.portal.call(answered_after_auth, peer, frame)
    if outcome is Outcome.HANG and not pid_alive(stage.editor.instance.pid):
        outcome = Outcome.CRASH
    campaign.record(AFTER_AUTH, outcome, frame)


async def answered_after_auth(peer: Peer, frame: str) -> Outcome:
    """Refused when the frame got an error or a close, else accepted; a hang when the editor then no
    longer answers a ping (on this connection, or a new one if it closed this one)."""
    try:
        sent: Any = json.loads(frame)
    except ValueError:
        sent = None
    wanted = sent.get("id") if isinstance(sent, dict) else None
    try:
        ws = await peer.open()
        await ws.send(frame)
        answered, outcome = await peer.ping(wanted)
    except (ConnectionClosed, OSError, WebSocketException):
        peer.ws = None
        outcome = Outcome.REFUSED
        try:
            answered, _ = await peer.ping()
        except (ConnectionClosed, OSError, WebSocketException):
            answered = False
    return outcome if answered else Outcome.HANG


def test_the_frame_campaign_found_nothing(campaign: Campaign) -> None:
    for name in (BEFORE_AUTH, AFTER_AUTH):
        tally = campaign.tally(name)
        assert tally.tried > 0, name
        assert tally.failures == 0, (name, tally.examples)
