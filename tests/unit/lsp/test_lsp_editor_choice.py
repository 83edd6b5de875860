"""Which editor's language server an lsp call asks: the one live editor, the session's choice, and a
refusal naming the choices when several projects are live and nothing says which."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.launcher import free_port
from godot_live_mcp.server.editor_roster import EditorRoster
from godot_live_mcp.server_tools import ServerContext, group_entries, lsp
from godot_live_mcp.server_tools.lsp import LanguageServerTool
from tests.unit.fakes.sources import FixedSource
from tests.unit.instances.registry_files import entry, write_entry

pytestmark = pytest.mark.anyio


@pytest.fixture
def other_pid() -> Iterator[int]:
    """A second live process to stand for a second editor."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield child.pid
    child.kill()
    child.wait()


def hover_tool(roster: EditorRoster) -> LanguageServerTool:
    entries = group_entries(lsp.GROUP, ServerContext(roster.served_project, roster))
    backend = next(e.backend for e in entries if e.name == "lsp_hover")
    assert isinstance(backend, LanguageServerTool)
    return backend


def register(registry: Path, project: Path, pid: int, lsp_port: int) -> None:
    write_entry(registry, entry(project, pid=pid, lsp_port=lsp_port, project_hash=f"{pid:012x}"))


async def test_several_projects_need_a_choice_and_the_choice_is_asked(tmp_path: Path, other_pid: int) -> None:
    registry, beta_port = tmp_path / "registry", free_port()
    register(registry, tmp_path / "alpha", os.getpid(), free_port())
    register(registry, tmp_path / "beta", other_pid, beta_port)
    roster = EditorRoster(EditorLink(FixedSource(None)), registry=registry)
    arguments: JsonObject = {"path": "res://a.gd", "line": 1, "column": 1, "text": "extends Node\n"}

    with pytest.raises(ToolError) as guess:
        await hover_tool(roster).invoke(dict(arguments), 10.0)
    assert guess.value.code == ErrorCode.INSTANCE_AMBIGUOUS

    beta = next(instance for instance in roster.live() if instance.pid == other_pid)
    with pytest.raises(ToolError) as unreachable:  # nothing listens there: proof of where it asked
        await hover_tool(roster).for_editor(beta).invoke(dict(arguments), 30.0)
    assert unreachable.value.code == ErrorCode.LSP_UNAVAILABLE
    assert str(beta_port) in unreachable.value.message
