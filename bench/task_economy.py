"""What one whole task costs an assistant: calls, characters of results and of tool lists, wall time.
Prints figures; exits 1 when a plan did not get the task done (the game collected every coin).

The task: in a project holding only two textures, build the example platformer (a coin scene, a level
with a player, ground, three coins, a camera and a score label, four scripts, an autoload and three
input actions), then play it: walk right through the coins and check the score and the log. It runs
through ``godot-live-mcp serve`` over stdio with the official SDK client, as an assistant would: tools
found with ``discover_tools`` in words, unlisted tools called through ``run_tool`` on a connection
whose list does not grow. Each plan is one way to do the task with the tools of its day:

- ``single``: one tool call for each node, property, script and input step (the tools of stage 2);
- ``batch``: node subtrees, a batch of edits as one undo step, and a playtest script (issue 23).

    python bench/task_economy.py [--plan single|batch|both] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp.client import Client
from mcp.client.stdio import stdio_client
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from godot_live_mcp.instances.addon_install import install_addon
from godot_live_mcp.instances.launcher import launch_editor
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from support.demo_project import DEMO_PROJECT  # bench/ is the script's own folder
from support.serve import serve_params
from tasks.platformer import PLANS, Call

# Issue 23's target for this task.
TARGET_CALLS = 30
TARGET_CHARACTERS = 40_000
_CALL_TIMEOUT_S = 300.0
_START_TIMEOUT_S = 180.0


@dataclass
class Tally:
    """What one plan cost."""

    plan: str
    calls: int = 0
    result_characters: int = 0
    list_characters: int = 0
    lists: int = 0
    errors: list[str] = field(default_factory=list)
    wall_s: float = 0.0
    done: bool = False
    biggest: list[tuple[str, int]] = field(default_factory=list)


def empty_project(destination: Path) -> Path:
    """A project with the demo's name and textures only: everything else is the assistant's to build."""
    destination.mkdir(parents=True)
    (destination / "project.godot").write_text(
        'config_version=5\n\n[application]\n\nconfig/name="Task Economy"\n'
        'config/features=PackedStringArray("4.6")\n',
        encoding="utf-8",
    )
    shutil.copytree(
        DEMO_PROJECT / "textures", destination / "textures", ignore=shutil.ignore_patterns("*.import")
    )
    install_addon(destination)
    return destination


def result_characters(result: Any) -> int:
    """Characters of what the model reads: text blocks and the base64 of images."""
    total = 0
    for block in result.content:
        total += len(getattr(block, "text", "") or "") + len(getattr(block, "data", "") or "")
    return total


async def list_tools(client: Client, tally: Tally) -> set[str]:
    listing = await client.list_tools()
    tally.lists += 1
    tally.list_characters += len(
        json.dumps([tool.model_dump(mode="json", exclude_none=True) for tool in listing.tools])
    )
    return {tool.name for tool in listing.tools}


async def run_call(client: Client, listed: set[str], call: Call, tally: Tally) -> Any:
    name, arguments = (call.tool, call.arguments) if call.tool in listed else ("run_tool", call.wrapped())
    with anyio.fail_after(_CALL_TIMEOUT_S):
        result = await client.call_tool(name, arguments)
    tally.calls += 1
    size = result_characters(result)
    tally.result_characters += size
    tally.biggest.append((call.tool, size))
    if result.is_error and not call.may_fail:
        text = " ".join(getattr(block, "text", "") for block in result.content)[:400]
        tally.errors.append(f"{call.tool}: {text}")
    return result


async def run_plan(plan: str, godot_root: Path) -> Tally:
    tally = Tally(plan)
    project = empty_project(godot_root / "project")
    env = {REGISTRY_DIR_ENV: str(godot_root / "registry")}
    editor = launch_editor(project, env=env, log_path=godot_root / "editor.log")
    try:
        await editor.wait_ready(_START_TIMEOUT_S)
        params = serve_params(project, env, "--no-launch")
        began = time.perf_counter()
        with (godot_root / "server.log").open("w", encoding="utf-8") as errlog:
            async with Client(stdio_client(params, errlog=errlog)) as client:
                listed = await list_tools(client, tally)
                grows = client.protocol_version not in MODERN_PROTOCOL_VERSIONS
                for call in PLANS[plan]:
                    result = await run_call(client, listed, call, tally)
                    # A client lists again when the list grows (connections that keep state); on a
                    # 2026-07-28 connection the list is fixed and run_tool reaches the rest.
                    if call.tool == "discover_tools" and grows and not result.is_error:
                        listed = await list_tools(client, tally)
                    if call.verify is not None:
                        tally.done = call.verify(result.structured_content or {})
        tally.wall_s = time.perf_counter() - began
    finally:
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(editor.stop)
    tally.biggest = sorted(tally.biggest, key=lambda item: -item[1])[:5]
    return tally


def render(tallies: list[Tally]) -> str:
    lines = ["task economy: build the platformer, then walk through its three coins (score 3: done)"]
    for tally in tallies:
        total = tally.result_characters + tally.list_characters
        lines.append(
            f"{tally.plan:>7}: {tally.calls} calls, {tally.result_characters:,} result characters, "
            f"{tally.list_characters:,} list characters ({tally.lists} lists), {total:,} in all, "
            f"{tally.wall_s:.1f} s, {'done' if tally.done else 'NOT DONE'}"
        )
        lines.append(
            "         biggest results: " + ", ".join(f"{tool} {size:,}" for tool, size in tally.biggest)
        )
        for error in tally.errors:
            lines.append(f"         error: {error}")
    lines.append(f"target: at most {TARGET_CALLS} calls and {TARGET_CHARACTERS:,} characters")
    return "\n".join(lines)


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plan", choices=[*PLANS, "both"], default="both")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    plans = list(PLANS) if options.plan == "both" else [options.plan]
    tallies = []
    for plan in plans:
        with tempfile.TemporaryDirectory(
            prefix=f"task-economy-{plan}-", ignore_cleanup_errors=True
        ) as folder:
            tallies.append(await run_plan(plan, Path(folder)))
    print(json.dumps([asdict(tally) for tally in tallies], indent=2) if options.json else render(tallies))
    return 0 if all(tally.done and not tally.errors for tally in tallies) else 1


if __name__ == "__main__":
    sys.exit(anyio.run(main))
