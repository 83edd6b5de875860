"""Print what changed between two tools/list dumps (scripts/dump_tools_list.py), tool by tool."""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path


def main() -> None:
    before = {tool["name"]: tool for tool in json.loads(Path(sys.argv[1]).read_text("utf-8"))}
    after = {tool["name"]: tool for tool in json.loads(Path(sys.argv[2]).read_text("utf-8"))}
    for name in sorted(before.keys() - after.keys()):
        print(f"- removed {name}")
    for name in sorted(after.keys() - before.keys()):
        print(f"+ added {name}")
    for name in sorted(before.keys() & after.keys()):
        old = json.dumps(before[name], indent=1, sort_keys=True).replace("godot-mcp/", "godot-live-mcp/")
        new = json.dumps(after[name], indent=1, sort_keys=True)
        if old != new:
            print(f"== {name}")
            lines = difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=1)
            print("\n".join(list(lines)[2:]))


if __name__ == "__main__":
    main()
