"""Regression (issue 21): `particles_add` with `"amount": 2000000000` in its properties crashed the editor
(SIGSEGV). A whole-number property keeps within the engine's range hint, checked before it is set."""

from __future__ import annotations

import time

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_huge_particle_amount_is_refused_with_its_bound(tools: Client, world: str) -> None:
    started = time.monotonic()
    refused = await call_fails(
        tools,
        "particles_add",
        {"scene": world, "preset": "fire", "type": "CPUParticles3D", "properties": {"amount": 2_000_000_000}},
        "INVALID_PARAMS",
    )
    assert time.monotonic() - started < 10
    assert "amount" in refused["message"]
    assert "1 to 1000000" in refused["message"]
    made = await call(
        tools, "particles_add", {"scene": world, "preset": "fire", "properties": {"amount": 64}}
    )
    assert made["status"] == "created"
    later = await call_fails(
        tools,
        "particles_set",
        {"scene": world, "node_path": made["node_path"], "properties": {"amount": 5_000_000}},
        "INVALID_PARAMS",
    )
    assert "allowed: 1 to 1000000" in later["message"]
    read = await call(tools, "particles_get", {"scene": world, "node_path": made["node_path"]})
    assert read["settings"]["amount"] == 64
