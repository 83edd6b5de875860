"""Facts the hand-written docs repeat from their single source stay equal to it."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.cli._tool_reference import groups_section
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.godot._prefix import PREFIX_ENV
from godot_live_mcp.godot.locator import GODOT_BIN_ENV
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from godot_live_mcp.server.hooks import RATE_LIMIT_ENV
from godot_live_mcp.server.served_tools import server_run_tools
from godot_live_mcp.server.tool_policy import READ_ONLY_ENV

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_groups_and_reserved_namespaces_are_written_once_in_the_tool_reference() -> None:
    # Rendered into docs/tools.md from contract.json; the hand-written docs link there instead of
    # copying the lists, so a new group changes no hand-written doc (issue 22 §1).
    assert groups_section() in (DOCS / "tools.md").read_text("utf-8"), "run `make docs`"
    assert "docs/tools.md#groups" in (DOCS.parent / "README.md").read_text("utf-8")
    assert "tools.md#reserved-namespaces" in (DOCS / "extending.md").read_text("utf-8")


def test_test_and_every_namespace_of_a_server_run_tool_are_reserved() -> None:
    prefixes = {tool.name.split("_", 1)[0] for tool in server_run_tools()}
    assert "test" in CONTRACT.reserved_namespaces
    assert prefixes - set(CONTRACT.reserved_namespaces) == set()


def test_the_readme_names_every_environment_variable_the_code_reads() -> None:
    readme = (DOCS.parent / "README.md").read_text("utf-8")
    for name in (GODOT_BIN_ENV, READ_ONLY_ENV, REGISTRY_DIR_ENV, PREFIX_ENV, RATE_LIMIT_ENV):
        assert f"`{name}`" in readme, name
    for channel in CONTRACT.ports:  # the addon reads GODOT_MCP_<CHANNEL>_PORT[_MIN|_MAX]
        assert f"`GODOT_MCP_{channel.upper()}_PORT" in readme, channel
