"""Figures of the code's shape: the addon's functions, bare returns, long functions, big files and the
lines that declare tools; and the lines a tool costs, both languages. `python -m tests.code_shape` prints
them; tests/unit/test_code_shape.py holds the limits."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ADDON = ROOT / "src/godot_live_mcp/addon/addons/godot_live_mcp"
# A heading per built-in tool in docs/tools.md (kept current by tests/engine/test_tool_reference.py).
_TOOL_HEADING = re.compile(r"^### `\w+`", re.M)
_FUNC = re.compile(r"^(?:static )?func (\w+)")
_TYPED = re.compile(r"^(?:static )?func [^\n]*?\)\s*->\s*([A-Za-z_\[\]]+)\s*:", re.M)
_BARE = ("Dictionary", "Variant", "Array")
# Functions whose whole body declares tools (the builder style) and files that only hold schemas.
_DECLARING_FUNC = re.compile(r"^(register|register_all|options|_?\w*_options|_?\w*_schema|_?\w*schemas?)$")
_DECLARING_FILE = re.compile(r"(_schemas|runtime_options|runtime_catalog)\.gd$")
# The machinery that reads declarations, counted apart: the schema builders then, the shorthand now.
_MACHINERY_FILE = re.compile(r"(json_schema|schema_shorthand|declarations)\.gd$")
# In a module declared as data: COMMANDS, GROUP and every shared field table (a literal const).
_DATA_CONST = re.compile(r"^const \w+(: [\w\[\]]+)? :?= [\[{(\"]")


@dataclass
class Shape:
    lines: int = 0
    functions: int = 0
    typed: int = 0
    bare: int = 0
    long_functions: list[str] = field(default_factory=list)
    big_files: list[str] = field(default_factory=list)
    declaration_lines: int = 0
    machinery_lines: int = 0

    @property
    def bare_share(self) -> float:
        return self.bare / max(self.typed, 1)


def _blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each top-level block: a func or a const, up to the next top-level line."""
    starts = [
        i for i, line in enumerate(lines) if line and not line[0].isspace() and not line.startswith("#")
    ]
    return list(zip(starts, [*starts[1:], len(lines)], strict=True))


def measure(addon: Path = ADDON) -> Shape:
    shape = Shape()
    for path in sorted(addon.rglob("*.gd")):
        text = path.read_text("utf-8")
        lines = text.splitlines()
        shape.lines += len(lines)
        if len(lines) > 400:
            shape.big_files.append(f"{path.name} {len(lines)}")
        for match in _TYPED.finditer(text):
            shape.typed += 1
            shape.bare += match.group(1) in _BARE
        if _MACHINERY_FILE.search(path.name):
            shape.machinery_lines += len(lines)
        whole_file = bool(_DECLARING_FILE.search(path.name))
        declares = "\nconst COMMANDS" in text
        if whole_file:
            shape.declaration_lines += len(lines)
        for start, end in _blocks(lines):
            head = lines[start]
            func = _FUNC.match(head)
            if func:
                shape.functions += 1
                body = end - start
                while body > 1 and not lines[start + body - 1].strip():
                    body -= 1
                if body > 50:
                    shape.long_functions.append(f"{path.name}:{func.group(1)} {body}")
            if whole_file:
                continue
            data = declares and _DATA_CONST.match(head) is not None
            if (func and _DECLARING_FUNC.match(func.group(1))) or data:
                shape.declaration_lines += len([line for line in lines[start:end] if line.strip()])
    return shape


def lines_per_tool(root: Path = ROOT) -> tuple[int, int]:
    """Every line of the product (the Python package and the addon, tests and docs left out) and the
    built-in tools of docs/tools.md: what a tool costs, all its share of the machinery included."""
    package = root / "src/godot_live_mcp"
    lines = sum(
        len(path.read_text("utf-8").splitlines())
        for pattern in ("*.py", "*.gd")
        for path in package.rglob(pattern)
    )
    return lines, len(_TOOL_HEADING.findall((root / "docs/tools.md").read_text("utf-8")))


def main() -> None:
    addon = Path(sys.argv[1]) if len(sys.argv) > 1 else ADDON
    shape = measure(addon)
    print(f"GDScript lines              {shape.lines}")
    print(f"functions                   {shape.functions}")
    print(f"bare Dictionary/Variant/Array returns  {shape.bare}/{shape.typed} = {shape.bare_share:.0%}")
    print(f"functions over 50 lines     {len(shape.long_functions)} {shape.long_functions}")
    print(f"files over 400 lines        {shape.big_files or 'none'}")
    print(f"tool declaration lines      {shape.declaration_lines}")
    print(f"declaration machinery lines {shape.machinery_lines}")
    lines, tools = lines_per_tool()
    print(f"lines a tool                {lines} / {tools} = {lines / tools:.1f}")


if __name__ == "__main__":
    main()
