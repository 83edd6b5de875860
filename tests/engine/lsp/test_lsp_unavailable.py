"""An editor started on a language server port another editor's language server holds cannot listen
there, so the lsp tools refuse with LSP_UNAVAILABLE instead of answering from the other editor's
project."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ToolError
from godot_live_mcp.server_tools.lsp import COMMANDS, LanguageServerTool
from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor, copy_demo_project, start_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_ports_taken_by_another_editor_are_lsp_unavailable(
    engine_editor: EngineEditor, tools: Client, tmp_path: Path, editor_logs: list[Path]
) -> None:
    await call(tools, "lsp_symbols", {"path": "res://scripts/level.gd"})  # the first editor's server listens
    project = copy_demo_project(tmp_path / "second", test_extensions=False)
    taken = engine_editor.instance
    ports = ("--lsp-port", str(taken.lsp_port))
    env = {**engine_editor.env, "GODOT_MCP_REGISTRY_DIR": str(tmp_path / "registry")}
    with start_editor(project, env, tmp_path / "second.log", editor_logs, extra_args=ports) as second:
        instance = await second.wait_ready(120.0)
        assert instance.lsp_port == taken.lsp_port  # published as launched
        with pytest.raises(ToolError) as refused:
            await LanguageServerTool("lsp_hover", COMMANDS["lsp_hover"].run, lambda: instance).invoke(
                {"path": "res://scripts/level.gd", "line": 14, "column": 4}, 30.0
            )
    assert refused.value.code == "LSP_UNAVAILABLE"
    assert str(engine_editor.project.resolve()) in refused.value.message
    assert "--lsp-port" in refused.value.hint


async def test_an_entry_without_a_port_is_lsp_unavailable(engine_editor: EngineEditor) -> None:
    older_addon = replace(engine_editor.instance, lsp_port=None)
    with pytest.raises(ToolError) as refused:
        await LanguageServerTool("lsp_symbols", COMMANDS["lsp_symbols"].run, lambda: older_addon).invoke(
            {"query": "score"}, 10.0
        )
    assert refused.value.code == "LSP_UNAVAILABLE"
