"""docs/troubleshooting.md names only real error codes, commands and options, and quotes the messages
the code writes."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from godot_live_mcp.cli.main import cli
from godot_live_mcp.contract import CONTRACT

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "troubleshooting.md").read_text("utf-8")
SOURCES = "\n".join(
    path.read_text("utf-8")
    for pattern in ("*.py", "*.gd")
    for path in (ROOT / "src" / "godot_live_mcp").rglob(pattern)
)


def test_every_code_named_is_a_contract_error_code() -> None:
    named = set(re.findall(r"`([A-Z][A-Z_]+[A-Z])`", DOC)) - {"GODOT_BIN"}
    named = {name for name in named if not name.startswith("GODOT_MCP_")}
    assert named, "the page names no error code"
    assert named <= set(CONTRACT.error_codes), named - set(CONTRACT.error_codes)


@pytest.mark.parametrize("line", sorted(set(re.findall(r"godot-live-mcp ([a-z][a-z -]+)", DOC))))
def test_every_command_named_exists(line: str) -> None:
    command: click.Command = cli
    for word in line.split():
        if not isinstance(command, click.Group) or word not in command.commands:
            break
        command = command.commands[word]
    assert command is not cli, f"`godot-live-mcp {line}` is no command"


@pytest.mark.parametrize(
    "fragment",
    [
        "no Godot binary found (tried",
        "No live Godot editor",
        "no free port in %d-%d for the %s channel",
        "configuration error, the %s channel will not listen",
        "is not a port number",
        "did not accept the token",
        "The registry entry may be stale: restart the editor or the game, or run 'godot-live-mcp doctor'.",
        "speaks editor protocol",
        "The addon is older: run `",
        "The addon is newer than this server: upgrade the server (`",
        "This editor runs headless: it draws nothing, so there is nothing to capture.",
        "C# scripts need the .NET build of Godot; this editor cannot load them",
        "needs files that cannot be loaded",
        "which is not there",
        "holds the rules of version",
        "already has a server named",
        "export template and Godot has none installed.",
    ],
)
def test_quoted_messages_are_the_codes(fragment: str) -> None:
    assert fragment in SOURCES, f"no code writes {fragment!r} any more: update docs/troubleshooting.md"
