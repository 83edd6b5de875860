"""Issue 21: a GDScript extension written with ``file_write`` and loaded by ``extensions_refresh``
(annotated read-only) ran its code in the editor. An extension loads only once a person enabled it as its
script is (``godot-live-mcp extensions enable NAME`` or the dock); until then it waits, listed with a hint,
and none of its code runs; an enabled one that a tool edits waits again."""

from __future__ import annotations

import shutil
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.security.extension_consent import disable
from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor, mcp_client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/reach_extension"
SCRIPT = f"res://{FOLDER}/planted.gd"
NAME = "ReachPlanted"


def planted(marker: Path, version: int) -> str:
    """An extension whose register() leaves a marker file: proof that its code ran in the editor."""
    return (
        f"@tool\nclass_name {NAME}\nextends MCPToolkitExtension\n\n\n"
        "func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:\n"
        f'\tFileAccess.open("{marker.as_posix()}", FileAccess.WRITE).store_string("{version}")\n'
        '\tregistry.add("reach_planted.hello", _hello, registry.create_extension_options("Say hello."))\n\n\n'
        "func _hello(_params: Dictionary) -> Dictionary:\n"
        f'\treturn MCPToolkitSuccess.ok({{"version": {version}}})\n'
    )


@pytest.fixture
async def client(engine_editor: EngineEditor) -> AsyncIterator[Client]:
    async with mcp_client(engine_editor) as session:
        yield session
        shutil.rmtree(engine_editor.project / FOLDER, ignore_errors=True)
        disable(engine_editor.project, NAME)
        await call(session, "extensions_refresh", {})


async def report(client: Client) -> dict[str, Any]:
    listed = (await call(client, "extensions_list", {}))["extensions"]
    return next(item for item in listed if item["class"] == NAME)


async def test_a_planted_extension_waits_for_a_person(engine_editor: EngineEditor, client: Client) -> None:
    marker = engine_editor.workspace / "reach_planted_ran.txt"
    await call(client, "file_write", {"path": SCRIPT, "content": planted(marker, 1)})

    refreshed = await call(client, "extensions_refresh", {})

    assert not marker.exists(), "the planted extension's code ran in the editor"
    assert NAME in refreshed["waiting"]
    assert NAME not in refreshed["added"]
    assert "extensions enable" in refreshed["hint"]
    waiting = await report(client)
    assert waiting["status"] == "waiting"
    assert waiting["commands"] == []
    assert f"godot-live-mcp extensions enable {NAME}" in waiting["hint"]
    tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert "reach_planted_hello" not in tools
    refresh_hints = tools["extensions_refresh"].annotations
    assert refresh_hints is not None
    assert refresh_hints.read_only_hint is False


async def test_it_loads_once_a_person_enables_it_and_waits_again_after_a_tool_edits_it(
    engine_editor: EngineEditor, client: Client
) -> None:
    marker = engine_editor.workspace / "reach_enabled_ran.txt"
    await call(client, "file_write", {"path": SCRIPT, "content": planted(marker, 1)})
    await call(client, "extensions_refresh", {})

    project = str(engine_editor.project)
    person = [sys.executable, "-m", "godot_live_mcp", "extensions", "enable", NAME, "--project", project]
    enabled = await anyio.run_process(person, check=False)
    assert enabled.returncode == 0, enabled.stderr.decode()
    # The editor follows the consent file itself: its watcher may load the extension before this
    # refresh does, so the outcome is read from the report, not from this refresh's "added".
    assert NAME not in (await call(client, "extensions_refresh", {}))["waiting"]
    assert (await report(client))["status"] == "loaded"
    assert marker.read_text("utf-8") == "1"
    assert await call(client, "reach_planted_hello", {}) == {"version": 1}

    marker.unlink()
    await call(client, "file_write", {"path": SCRIPT, "content": planted(marker, 2)})
    refreshed = await call(client, "extensions_refresh", {})

    assert NAME in refreshed["waiting"]
    assert NAME in refreshed["removed"]
    assert "changed since a person enabled it" in (await report(client))["error"]
    assert not marker.exists(), "the edited extension's new code ran before a person enabled it"
