"""The sections of the hand-written docs that repeat contract.json (the tool groups, the reserved
namespaces), rendered from it between ``<!-- name -->`` and ``<!-- /name -->`` markers: ``make docs``
writes them (``scripts/doc_blocks.py``), a test fails while one differs."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path

from godot_live_mcp.contract import CONTRACT

__all__ = ["BLOCKS", "DOCUMENTS", "REGENERATE", "render_blocks", "stale_documents", "write_blocks"]

DOCUMENTS = ("README.md", "docs/extending.md")
REGENERATE = "make docs"
_WIDTH = 104
_BLOCK = re.compile(
    r"^(?P<indent>[ \t]*)<!-- (?P<name>[a-z-]+) -->\n.*?^(?P=indent)<!-- /(?P=name) -->$",
    re.DOTALL | re.MULTILINE,
)


# Each block's name, and the names it lists.
BLOCKS: dict[str, Callable[[], Iterable[str]]] = {
    "groups": lambda: CONTRACT.groups,
    "reserved-namespaces": lambda: CONTRACT.reserved_namespaces,
}


def render_blocks(text: str) -> str:
    """``text`` with each known block rendered anew: its names as code, wrapped at the block's indent."""
    return _BLOCK.sub(_rendered, text)


def stale_documents(root: Path) -> list[str]:
    """The documents under ``root`` whose blocks differ from their rendering."""
    return [name for name in DOCUMENTS if _read(root / name) != render_blocks(_read(root / name))]


def write_blocks(root: Path) -> list[str]:
    """Render the blocks of every document under ``root``; the documents that changed."""
    changed = stale_documents(root)
    for name in changed:
        (root / name).write_text(render_blocks(_read(root / name)), "utf-8")
    return changed


def _rendered(found: re.Match[str]) -> str:
    name, indent = found["name"], found["indent"]
    if name not in BLOCKS:
        return found[0]
    listed = ", ".join(f"`{item}`" for item in BLOCKS[name]())
    lines = textwrap.wrap(listed, _WIDTH, initial_indent=indent, subsequent_indent=indent)
    return "\n".join([f"{indent}<!-- {name} -->", *lines, f"{indent}<!-- /{name} -->"])


def _read(path: Path) -> str:
    return path.read_text("utf-8")
