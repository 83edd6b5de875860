"""Facts the hand-written docs repeat from their single source stay equal to it."""

from __future__ import annotations

import re
from pathlib import Path

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.godot._prefix import PREFIX_ENV
from godot_live_mcp.godot.locator import GODOT_BIN_ENV
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from godot_live_mcp.server.hooks import RATE_LIMIT_ENV
from godot_live_mcp.server.tool_policy import READ_ONLY_ENV

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_extending_lists_exactly_the_reserved_namespaces_of_the_contract() -> None:
    text = (DOCS / "extending.md").read_text("utf-8")
    block = text.split("<!-- reserved-namespaces -->", 1)[1].split("<!-- /reserved-namespaces -->", 1)[0]
    assert re.findall(r"`([a-z0-9_]+)`", block) == list(CONTRACT.reserved_namespaces), (
        "docs/extending.md lists other reserved namespaces than contract.json: copy them from there"
    )


def test_the_readme_names_every_environment_variable_the_code_reads() -> None:
    readme = (DOCS.parent / "README.md").read_text("utf-8")
    for name in (GODOT_BIN_ENV, READ_ONLY_ENV, REGISTRY_DIR_ENV, PREFIX_ENV, RATE_LIMIT_ENV):
        assert f"`{name}`" in readme, name
    for channel in CONTRACT.ports:  # the addon reads GODOT_MCP_<CHANNEL>_PORT[_MIN|_MAX]
        assert f"`GODOT_MCP_{channel.upper()}_PORT" in readme, channel


def test_the_readme_names_exactly_the_tool_groups_of_the_contract() -> None:
    readme = (DOCS.parent / "README.md").read_text("utf-8")
    block = readme.split("<!-- groups -->", 1)[1].split("<!-- /groups -->", 1)[0]
    named = re.findall(r"[a-z0-9_]+", block)
    assert sorted(named) == sorted(CONTRACT.groups), "README.md's list of groups is not contract.json's"
