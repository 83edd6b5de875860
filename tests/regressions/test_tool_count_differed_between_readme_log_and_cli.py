"""The tool count was 229 in the README and docs/tools.md, 228 in the server log and 227 from
``tools count``: each counted something else. Now one function (``builtin_tools``) gives the number,
and every place that states it is compared with it on the session editor's catalogue."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.cli._tool_count import count_report
from godot_live_mcp.cli._tool_reference import render_reference
from godot_live_mcp.cli.tools import fetch_catalog
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.builtin_tools import builtin_tools
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.served_tools import server_run_tools
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.tool_table import ToolOwner
from tests.engine.harness import EngineEditor

pytestmark = pytest.mark.engine

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def catalog(engine_editor: EngineEditor) -> Catalog:
    return anyio.run(fetch_catalog, engine_editor.instance)


def stated(text: str, pattern: str) -> int:
    found = re.search(pattern, text)
    assert found is not None, pattern
    return int(found.group(1))


def test_the_readme_and_the_tool_reference_state_the_builtin_count(catalog: Catalog) -> None:
    count = len(builtin_tools(catalog))
    readme = (ROOT / "README.md").read_text("utf-8")
    committed = (ROOT / "docs" / "tools.md").read_text("utf-8")
    assert stated(readme, r"There are (\d+) built-in tools") == count
    assert stated(readme, r"(\d+) the server runs itself") == len(server_run_tools())
    assert stated(committed, r"\b(\d+) tools in \d+ domains") == count
    assert stated(render_reference(catalog), r"\b(\d+) tools in \d+ domains") == count
    assert len(re.findall(r"^### `", render_reference(catalog), re.MULTILINE)) == count


def test_tools_count_and_the_server_log_state_the_builtin_count(
    catalog: Catalog, caplog: pytest.LogCaptureFixture
) -> None:
    count = len(builtin_tools(catalog))
    text = count_report(catalog, None, as_json=False)
    assert stated(text, r"built-in tools: (\d+) ") == count
    all_row = next(line for line in text.splitlines() if line.startswith("all "))
    extensions = editor_tool_entries(catalog, EditorLink(RegistrySource(None)))[ToolOwner.EXTENSION]
    assert int(all_row.split()[1]) == count + len(extensions)
    app = GodotMcpApp(EditorLink(RegistrySource(None)), ToolPolicy())
    with caplog.at_level(logging.INFO, logger="godot_live_mcp.server.app"):
        anyio.run(app.apply_catalog, catalog)
    assert stated(caplog.text, r"publishing (\d+) built-in tools") == count
