"""The working rules ``configure --rules`` writes for the assistant: the server's own ``instructions``
(one text, ``server/instructions.py``) between two markers that carry the version, so a second run
replaces the block instead of adding one and ``doctor`` can tell an old block from a current one."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.cli._clients import CLIENTS, RulesFile
from godot_live_mcp.regular_files import read_regular_text

__all__ = ["RulesBlock", "found_rules", "rules_block", "rules_path", "with_rules"]

_END = "<!-- /godot-live-mcp rules -->"
_BEGIN = "<!-- godot-live-mcp rules {version}: written by `godot-live-mcp configure --rules`; {note} -->"
_NOTE = "edit outside these markers, a new run replaces what is between them"
_BLOCK = re.compile(
    r"<!-- godot-live-mcp rules (?P<version>\S+?):[^\n]*-->\n.*?" + re.escape(_END), re.DOTALL
)
_TITLE = "## Godot editor (godot-live-mcp MCP server)\n\n"


@dataclass(frozen=True)
class RulesBlock:
    path: Path
    version: str


def rules_block(version: str) -> str:
    # Imported here: the server package pulls in the MCP SDK, which doctor should not pay for.
    from godot_live_mcp.server.instructions import INSTRUCTIONS

    return f"{_BEGIN.format(version=version, note=_NOTE)}\n{_TITLE}{INSTRUCTIONS}\n{_END}"


def with_rules(text: str, version: str, front_matter: str = "") -> str:
    """``text`` with the current block: in place of an old one, else appended (after ``front_matter``
    when the file is new)."""
    block = rules_block(version)
    if _BLOCK.search(text):
        return _BLOCK.sub(lambda _match: block, text, count=1)
    if not text.strip():
        return f"{front_matter}{block}\n"
    return text.rstrip("\n") + "\n\n" + block + "\n"


def rules_path(workspace: Path, spec: RulesFile) -> Path:
    """The file the block goes into: the first existing one the client reads instead, else ``spec.path``
    (or a file standing where ``spec.path`` expects a folder, as an old single-file ``.clinerules``)."""
    for name in spec.read_first:
        if (workspace / name).is_file():
            return workspace / name
    target = workspace / spec.path
    for parent in list(target.parents)[:-1]:
        if parent.is_file() and workspace in parent.parents:
            return parent
    return target


def found_rules(workspace: Path) -> list[RulesBlock]:
    """Every rules file of every client in ``workspace`` that holds a block, with its version."""
    paths = {rules_path(workspace, client.rules) for client in CLIENTS if client.rules is not None}
    blocks = []
    for path in sorted(paths):
        try:
            text = read_regular_text(path, inside=workspace) if path.is_file() else ""
        except (OSError, UnicodeDecodeError):
            continue
        match = _BLOCK.search(text)
        if match is not None:
            blocks.append(RulesBlock(path, match["version"]))
    return blocks
