"""Render the sections of README.md and docs/extending.md that repeat contract.json (tool groups,
reserved namespaces). ``make docs`` runs it; ``--check`` only reports the stale documents (exit 1).

    python scripts/doc_blocks.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from godot_live_mcp.cli._doc_blocks import REGENERATE, stale_documents, write_blocks

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    if "--check" in sys.argv[1:]:
        stale = stale_documents(ROOT)
        for name in stale:
            print(f"{name}: its contract.json sections are stale; run `{REGENERATE}`", file=sys.stderr)
        sys.exit(1 if stale else 0)
    for name in write_blocks(ROOT):
        print(f"wrote {name}", file=sys.stderr)


if __name__ == "__main__":
    main()
