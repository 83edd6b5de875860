"""What the tool surface costs a model's context. Prints figures; asserts nothing.

Starts a headless editor on a temporary copy of the demo project, reads its catalogue, and prints for each
surface (core: the default start-up list; read-only; all: every group loaded) the tool count, and the
characters and tokens of the tools/list JSON, output schemas apart. Tokens are o200k_base when the optional
``bpe-openai`` package is installed (``make setup`` installs it), else characters/4; the output says which.

    python bench/surface.py [--json]
"""

from __future__ import annotations

import argparse
import sys

import anyio

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.cli._tool_count import render_json, render_text, surface_sizes
from godot_live_mcp.cli.tools import _fresh_demo_catalog

# The default start-up surface must stay within this many tokens (issue 10).
CORE_TOKEN_BUDGET = 4000


def print_surfaces(catalog: Catalog, as_json: bool) -> None:
    name, sizes = surface_sizes(catalog)
    sys.stdout.write(render_json(name, sizes) if as_json else render_text(name, sizes))
    core = next(size for size in sizes if size.surface == "core")
    if not as_json:
        print(f"core start-up surface: {core.tokens:,} of at most {CORE_TOKEN_BUDGET:,} tokens")


def print_detail_levels(catalog: Catalog, as_json: bool) -> None:
    """Characters a node of each result detail level (brief, normal, full) on a real level: comes with
    the lean results of issue 10."""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = parser.parse_args()
    catalog = anyio.run(_fresh_demo_catalog, None)
    print_surfaces(catalog, args.json)
    print_detail_levels(catalog, args.json)


if __name__ == "__main__":
    main()
