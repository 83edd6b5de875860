"""What the tool surface and the big results cost a model's context. Prints figures; asserts nothing.

Starts a headless editor on a temporary copy of the demo project with the 3D level of
tests/engine/fixtures/level_3d/ added, reads its catalogue, and prints for each surface (core: the default
start-up list; read-only; all: every group loaded) the tool count, and the characters and tokens of the
tools/list JSON, output schemas apart. Tokens are o200k_base when the optional ``bpe-openai`` package is
installed (``make setup`` installs it), else characters/4; the output says which. Then, on that level, the
characters of each result detail level (brief, normal, full): a node of ``scene_get_tree``, and the first
page of ``node_get`` and ``classdb_get_class``. Then the hit rate of tasks in words (``discover_tools``
requests) on the tables of tests/unit/server/task_phrasings*.json, and the characters a tool of each
group's one-line signatures in discovery.

    python bench/surface.py [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import anyio
from tests.task_phrasings import LATER_PHRASINGS, PHRASINGS, builtin_groups, hit_rate, misses, outcomes

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.peer_connection import PeerConnection, connect_peer
from godot_live_mcp.bridge.reply import CommandSuccess, read_reply
from godot_live_mcp.cli._tool_count import render_json, render_text, surface_sizes
from godot_live_mcp.cli.tools import fetch_catalog, fresh_demo_editor
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.signatures import signature

# The default start-up surface must stay within this many tokens (issue 10: 4,000; issue 23: 3,000).
CORE_TOKEN_BUDGET = 3000
# Issue 23: discovery's one-line signatures at most this many characters a tool, in every group.
SIGNATURE_BUDGET = 200
LEVEL_FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "engine" / "fixtures" / "level_3d"
LEVEL_SCENE = "res://level_3d/level_3d.tscn"
LEVELS = ("brief", "normal", "full")
# Targets of issue 10 on the 3D level: brief at most this many characters a node, normal at most half of full.
BRIEF_PER_NODE = 40
# (label, command, arguments) of the results measured besides the scene tree: their first page.
SINGLE_RESULTS: tuple[tuple[str, str, JsonObject], ...] = (
    ("node_get Player", "node.get", {"scene": LEVEL_SCENE, "node_path": "Player"}),
    ("classdb_get_class CharacterBody3D", "classdb.get_class", {"class_name": "CharacterBody3D"}),
    (
        "classdb_get_class CharacterBody3D inherited",
        "classdb.get_class",
        {"class_name": "CharacterBody3D", "include_inherited": True},
    ),
)


@dataclass(frozen=True)
class DetailSize:
    """One result at one detail level: characters of its compact JSON (all pages for a listing), and the
    items (nodes) it covers, so characters / items is the cost of one."""

    result: str
    level: str
    characters: int
    items: int
    pages: int

    @property
    def per_item(self) -> float:
        return self.characters / max(self.items, 1)


def compact(value: object) -> str:
    """A result as the wire carries it (no spaces)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def add_level(project: Path) -> None:
    shutil.copytree(LEVEL_FIXTURE, project / "level_3d", ignore=shutil.ignore_patterns("*.md"))


async def call(connection: PeerConnection, command: str, arguments: JsonObject) -> JsonObject:
    timeout = CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["default"])
    reply = read_reply(await connection.request(command, arguments, timeout_s=timeout), command)
    if not isinstance(reply, CommandSuccess):
        raise RuntimeError(f"{command} {arguments}: {reply.code}: {reply.message}")
    return reply.data


async def tree_size(connection: PeerConnection, level: str | None) -> DetailSize:
    """Every page of the level's tree at ``level`` (None: without the argument)."""
    arguments: JsonObject = {"scene": LEVEL_SCENE}
    if level:
        arguments["detail"] = level
    characters, pages, offset = 0, 0, 0
    while True:
        page = await call(connection, "scene.get_tree", arguments | {"offset": offset, "limit": 1000})
        characters, pages = characters + len(compact(page)), pages + 1
        next_offset = page.get("next_offset")
        if not page.get("has_more") or not isinstance(next_offset, int):
            total = page.get("total_nodes")
            return DetailSize("scene_get_tree", level or "-", characters, int(str(total)), pages)
        offset = next_offset


def levels_of(catalog: Catalog, command: str) -> tuple[str | None, ...]:
    """The detail levels ``command`` takes, (None,) while it takes no ``detail`` argument, () when the
    editor does not publish it."""
    spec = next((spec for spec in catalog.commands if spec.name == command), None)
    if spec is None:
        print(f"{command} is not in the catalogue: not measured", file=sys.stderr)
        return ()
    properties = spec.input_schema.get("properties")
    return LEVELS if isinstance(properties, dict) and "detail" in properties else (None,)


async def detail_sizes(connection: PeerConnection, catalog: Catalog) -> list[DetailSize]:
    await call(connection, "scene.open", {"path": LEVEL_SCENE})
    sizes = [await tree_size(connection, level) for level in levels_of(catalog, "scene.get_tree")]
    for label, command, arguments in SINGLE_RESULTS:
        for level in levels_of(catalog, command):
            page = await call(connection, command, arguments | ({"detail": level} if level else {}))
            sizes.append(DetailSize(label, level or "-", len(compact(page)), 1, 1))
    return sizes


async def measure(godot: str | None) -> tuple[Catalog, list[DetailSize]]:
    async with fresh_demo_editor(godot, prepare=add_level) as instance:
        catalog = await fetch_catalog(instance)
        async with connect_peer(instance.endpoint) as connection:
            return catalog, await detail_sizes(connection, catalog)


def print_surfaces(catalog: Catalog, as_json: bool) -> None:
    name, sizes = surface_sizes(catalog)
    sys.stdout.write(render_json(name, sizes) if as_json else render_text(name, sizes))
    core = next(size for size in sizes if size.surface == "core")
    if not as_json:
        print(f"core start-up surface: {core.tokens:,} of at most {CORE_TOKEN_BUDGET:,} tokens")


def print_detail_levels(sizes: list[DetailSize], as_json: bool) -> None:
    """Characters of each result detail level on the 3D level: a node of the scene tree (every page), the
    first page of the other results."""
    if as_json:
        rows = [asdict(size) | {"per_item": round(size.per_item, 1)} for size in sizes]
        print(json.dumps({"detail_levels": rows}, indent=1))
        return
    print(f"result detail levels on {LEVEL_SCENE} (characters of compact JSON):")
    for size in sizes:
        if size.result == "scene_get_tree":
            pages = f"{size.characters:,} in {size.pages} pages"
            figures = f"{size.per_item:6.1f} a node ({size.items} nodes, {pages})"
        else:
            figures = f"{size.characters:7,} (first page)"
        print(f"  {size.result:44} {size.level:6} {figures}")
    tree = {size.level: size.per_item for size in sizes if size.result == "scene_get_tree"}
    if set(LEVELS) <= tree.keys():
        print(
            f"targets: brief {tree['brief']:.1f} <= {BRIEF_PER_NODE} a node; "
            f"normal {tree['normal']:.1f} <= full / 2 = {tree['full'] / 2:.1f}"
        )
    else:
        print("scene_get_tree takes no detail argument yet: the targets cannot be measured")


def print_signature_sizes(catalog: Catalog) -> None:
    """Characters a tool of each group's one-line signatures (what discover_tools answers), longest first."""
    groups = builtin_groups(catalog)
    sizes = {group.name: [len(signature(entry.tool)) for entry in group.tools] for group in groups}
    every = [size for group in sizes.values() for size in group]
    print(f"discovery signatures: {sum(every) / len(every):.1f} characters a tool on average, by group:")
    for name, group in sorted(sizes.items(), key=lambda item: -sum(item[1]) / len(item[1])):
        print(f"  {name:16} {sum(group) / len(group):6.1f} ({len(group)} tools, longest {max(group)})")
    worst = max(sum(group) / len(group) for group in sizes.values())
    print(f"target: every group at most {SIGNATURE_BUDGET} a tool; the longest group {worst:.1f}")


def print_task_matching(catalog: Catalog) -> None:
    """The hit rate of each table of task phrasings, and the phrasings missed."""
    groups = builtin_groups(catalog)
    for table in (PHRASINGS, LATER_PHRASINGS):
        results = outcomes(groups, table)
        hits = sum(result.hit for result in results)
        print(f"tasks in words, {table.name}: {hit_rate(results):.1%} hit ({hits} of {len(results)})")
        for line in misses(results):
            print(f"  missed {line}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = parser.parse_args()
    catalog, sizes = anyio.run(measure, None)
    print_surfaces(catalog, args.json)
    print_detail_levels(sizes, args.json)
    print_signature_sizes(catalog)
    print_task_matching(catalog)


if __name__ == "__main__":
    main()
