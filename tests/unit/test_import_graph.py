"""The package's modules import each other without a cycle, counting imports made inside functions (a
lazy import must not hide one) and the package ``__init__`` an import runs first."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[2] / "src" / "godot_live_mcp"
ROOT = "godot_live_mcp"


def module_name(path: Path) -> str:
    parts = [ROOT, *path.relative_to(PACKAGE_DIR).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def imported(tree: ast.AST, modules: set[str]) -> set[str]:
    """The package modules an ``import``/``from ... import`` anywhere in ``tree`` loads."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name in modules}


def import_graph() -> dict[str, set[str]]:
    files = {module_name(path): path for path in PACKAGE_DIR.rglob("*.py") if "addon" not in path.parts}
    modules = set(files)
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        own = set(ancestors(name))
        edges: set[str] = set()
        for target in imported(ast.parse(path.read_text("utf-8")), modules):
            edges |= {target, *(package for package in ancestors(target) if package not in own)}
        graph[name] = edges - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_check_finds_a_cycle_when_there_is_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_package_has_no_import_cycle() -> None:
    graph = import_graph()
    assert "godot_live_mcp.instances.launcher" in graph
    assert cycles(graph) == []
