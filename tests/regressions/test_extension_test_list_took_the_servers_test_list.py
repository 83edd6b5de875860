"""An extension command ``test.list`` (MCP name ``test_list``) was accepted, because ``test`` was a tool
group but not a reserved namespace, and the server's own ``test_list`` was then refused as a duplicate.
Every group's name is reserved now (one list, contract.json's groups and the rest), and built-in tools
claim their names before extensions do."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from godot_live_mcp.server.served_tools import server_run_tools
from tests.engine.extensions_api._session import Plot, Session, clear_plot, extension, plot_for, session
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

HANDLER = """
func _ok(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"by": "extension"})
"""
SERVER_TEST_LIST = next(tool for tool in server_run_tools() if tool.name == "test_list")


@pytest.fixture
async def live(engine_editor: EngineEditor) -> AsyncIterator[Session]:
    async with session(engine_editor) as client:
        yield client


@pytest.fixture
async def plot(
    request: pytest.FixtureRequest, engine_editor: EngineEditor, live: Session
) -> AsyncIterator[Plot]:
    name = re.sub(r"[^A-Za-z0-9_]", "_", request.node.name)
    folder = plot_for(engine_editor.project, f"tests_tmp/regressions/{name}")
    yield folder
    await clear_plot(folder, live)


async def test_an_extension_named_test_list_is_refused_and_the_servers_tool_stays(
    plot: Plot, live: Session
) -> None:
    body = "\n".join(
        f'registry.add("{name}", _ok, registry.create_extension_options("x").mark_read_only())'
        for name in ("test.list", "discover.tools", "run.tool", "texts24_probe.ok")
    )
    plot.plant("taker.gd", extension("RegressionTestListTaker", body, HANDLER))
    await live.refresh()
    await live.wait_listed(present=["texts24_probe_ok"])
    report = await live.extension("RegressionTestListTaker")
    assert report is not None
    refused = {item["command"]: item["code"] for item in report.get("refused", [])}
    assert refused == dict.fromkeys(("test.list", "discover.tools", "run.tool"), "NAMESPACE_RESERVED")
    tools = await live.tools()
    assert tools["test_list"].description == SERVER_TEST_LIST.description
