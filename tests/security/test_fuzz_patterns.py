"""Fuzz: patterns and sizes chosen to make the editor work or allocate without end: globs of many
wildcards for the find and search tools (through MCP), and out-of-range sizes and counts for every
bounded argument of the catalogue, sent straight to the editor so that the engine's own bound is what
answers. A call must answer within its time; a hang or a dead editor is a failure, and so is an
out-of-range size the engine accepted (an escape past its bound)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, WebSocketException

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.instances._process import pid_alive
from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import Driver, Stage, call_outcome
from tests.security.test_fuzz_websocket import Peer

pytestmark = pytest.mark.engine

GLOBS = "bounds: glob and search patterns"
SIZES = "bounds: size and count arguments"
CALL_TIMEOUT_S = 15.0
FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
_PIECES = ["*", "?", "**", "*a", "a*", "[", "]", "[!a]", "\\", "/", "a", ".", "*?*", "(", ")", "+", "{", "}"]
pattern = st.one_of(
    st.lists(st.sampled_from(_PIECES), min_size=1, max_size=400).map("".join),
    st.integers(min_value=50, max_value=5000).map(lambda n: "*" * n + "x"),
    st.integers(min_value=50, max_value=2000).map(lambda n: "*a" * n),
)
_PATTERN_TOOLS: list[tuple[str, str, dict[str, Any]]] = [
    ("node_find", "name", {"scene": "res://level.tscn"}),
    ("file_search", "glob", {"query": "extends"}),
    ("file_search", "query", {"regex": True}),
    ("file_list", "glob", {"path": "res://", "recursive": True}),
    ("classdb_list_classes", "filter", {}),
    ("project_list_settings", "prefix", {}),
]
_HUGE = [2**31, 2**31 - 1, 2**53, 10**9, 100_000]
_FILLERS: dict[str, Any] = {"integer": 1, "number": 1, "boolean": False, "object": {}, "array": []}


@pytest.fixture(scope="module")
def peer(driver: Driver, stage: Stage) -> Iterator[Peer]:
    """An authenticated connection straight to the editor: the engine's own bounds, past the server's."""
    peer = Peer(stage)
    yield peer
    if peer.ws is not None:
        driver.portal.call(peer.ws.close)


@pytest.fixture(scope="module")
def bounded_arguments(driver: Driver, peer: Peer) -> list[Bounded]:
    """Every argument of an editor command with a published maximum, the other required ones filled."""
    catalog = driver.portal.call(direct, peer, CONTRACT.method("catalog"), {})
    found: list[Bounded] = []
    for command in catalog.get("commands", []):
        schema = command.get("input_schema") or {}
        properties: dict[str, Any] = schema.get("properties") or {}
        if command.get("channel", "editor") != "editor":
            continue
        filled = {
            name: _FILLERS.get(properties[name].get("type"), "x") for name in schema.get("required", [])
        }
        for name, argument in properties.items():
            if isinstance(argument.get("maximum"), int | float):
                found.append(
                    Bounded(
                        command["name"], name, argument["maximum"], argument.get("type") == "integer", filled
                    )
                )
    return found


@dataclass(frozen=True)
class Bounded:
    method: str
    argument: str
    maximum: int | float
    integer: bool
    required: dict[str, Any]


async def direct(peer: Peer, method: str, params: dict[str, Any]) -> dict[str, Any]:
    """The result (or error) the editor answers to one request."""
    peer.probes += 1
    request_id = f"bound-{peer.probes}"
    ws = await peer.open()
    await ws.send(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}))
    with anyio.fail_after(CALL_TIMEOUT_S):
        while True:
            answer = json.loads(await ws.recv())
            if isinstance(answer, dict) and answer.get("id") == request_id:
                result = answer.get(
                    "result", {"success": False, "code": "JSONRPC", **answer.get("error", {})}
                )
                return result if isinstance(result, dict) else {}


@given(index=st.integers(min_value=0, max_value=len(_PATTERN_TOOLS) - 1), text=pattern)
@settings(FUZZ, max_examples=examples(60))
def test_fuzz_patterns_answer_in_time(driver: Driver, campaign: Campaign, index: int, text: str) -> None:
    if driver.stuck:
        return
    tool, argument, rest = _PATTERN_TOOLS[index]
    answer = call_outcome(driver, tool, {**rest, argument: text}, CALL_TIMEOUT_S)
    campaign.record(GLOBS, answer.outcome, f"{tool} {argument}={text[:60]!r}")


@given(pick=st.integers(min_value=0), huge=st.sampled_from(_HUGE), over=st.booleans())
@settings(FUZZ, max_examples=examples(80))
def test_fuzz_the_engine_refuses_sizes_past_their_bounds(
    driver: Driver,
    stage: Stage,
    peer: Peer,
    campaign: Campaign,
    bounded_arguments: list[Bounded],
    pick: int,
    huge: int,
    over: bool,
) -> None:
    if driver.stuck or not bounded_arguments:
        return
    bounded = bounded_arguments[pick % len(bounded_arguments)]
    value: int | float = (
        (int(bounded.maximum) + 1 if bounded.integer else bounded.maximum * 2 + 1) if over else huge
    )
    if value <= bounded.maximum:
        return
    example = f"{bounded.method} {bounded.argument}={value}"
    try:
        answer = driver.portal.call(
            direct, peer, bounded.method, {**bounded.required, bounded.argument: value}
        )
    except TimeoutError:
        campaign.record(SIZES, Outcome.HANG, example)
        return
    except (ConnectionClosed, OSError, WebSocketException):
        peer.ws = None
        alive = pid_alive(stage.editor.instance.pid)
        campaign.record(SIZES, Outcome.REFUSED if alive else Outcome.CRASH, example)
        return
    campaign.record(SIZES, Outcome.ESCAPE if answer.get("success") else Outcome.REFUSED, example)


def test_the_pattern_and_size_campaign_found_nothing(campaign: Campaign) -> None:
    for name in (GLOBS, SIZES):
        tally = campaign.tally(name)
        assert tally.tried > 0, name
        assert tally.failures == 0, (name, tally.examples)
