"""Shared helpers for the authoring tool tests: results, their text, failures and the untrusted envelope."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from tests.mcp_results import failure, structured, text_of


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return structured(await client.call_tool(tool, arguments))


async def call_with_text(client: Client, tool: str, arguments: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Call a tool that must succeed: its structured result and the text content a model reads."""
    result = await client.call_tool(tool, arguments)
    return structured(result), text_of(result)


async def call_fails(client: Client, tool: str, arguments: dict[str, Any], code: str) -> dict[str, str]:
    """Call a tool that must fail with code; the failure payload."""
    refused = failure(await client.call_tool(tool, arguments))
    assert refused["code"] == code, refused
    return refused


def unwrap(value: str) -> str:
    """A string of a structured result as it is: structured values are raw (scrubbed, never wrapped);
    only a result's text is marked untrusted, once (see envelope_body)."""
    return value


@dataclass(frozen=True)
class Scratch:
    """A folder of the session project that belongs to one test: its res:// path and its place on disk."""

    res: str
    disk: Path

    def path(self, name: str) -> str:
        return f"{self.res}/{name}"

    def file(self, name: str) -> Path:
        return self.disk / name


def scratch_for(request: pytest.FixtureRequest, project: Path) -> Scratch:
    """The test's own folder (not created): res://tests_tmp/<test module>/<test name>."""
    name = re.sub(r"[^A-Za-z0-9_]", "_", request.node.name)
    module = module_folder(request)
    return Scratch(f"res://tests_tmp/{module}/{name}", project / "tests_tmp" / module / name)


def module_folder(request: pytest.FixtureRequest) -> str:
    return str(request.module.__name__).rsplit(".", 1)[-1]


async def undo(client: Client, history: str = "global", scene: str | None = None) -> str:
    """Undo the newest action of a history (which must be an MCP action); its name."""
    return await _step(client, "editor_undo", history, scene)


async def redo(client: Client, history: str = "global", scene: str | None = None) -> str:
    """Redo the action undone last; its name."""
    return await _step(client, "editor_redo", history, scene)


async def _step(client: Client, tool: str, history: str, scene: str | None) -> str:
    target: dict[str, Any] = {"history": history} | ({"scene": scene} if scene else {})
    stepped = await call(client, tool, target)
    assert stepped["by_mcp"] is True, stepped
    if history == "global":
        # A global step may re-create or remove folders, which the editor learns by a rescan: let it
        # finish before the next step changes the same folders under it.
        await call(client, "editor_wait_for_idle", {})
    return str(stepped["action"])
