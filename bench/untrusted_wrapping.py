"""How many results of a typical session come inside the untrusted-content envelope, under the plain-word
rule before issue 21 (letters, digits and path punctuation, at most 128 characters) and now (each name of
at most contract.json ``untrusted.plain_word.max_words_per_name`` words), and what the seal costs a result.
Prints figures; asserts nothing.

Starts a headless editor on a copy of the demo project and drives it through the demo's calls plus the
reads a session typically makes (trees, nodes, properties, files, scripts, settings, the running game).

    PYTHONPATH=. python bench/untrusted_wrapping.py [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor

from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.cli._demo_run import DEMO_CALLS
from godot_live_mcp.security import untrusted
from godot_live_mcp.server.result_seal import sealed
from godot_live_mcp.server.results import reply_result

READS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("scene_get_tree", {}),
    ("scene_list_open", {}),
    ("node_get", {"node_path": "Player"}),
    ("node_get", {"node_path": "."}),
    ("node_list_properties", {"node_path": "Player"}),
    ("signal_list", {"node_path": "Player"}),
    ("node_find", {"type": "Area2D"}),
    ("file_list", {"path": "res://"}),
    ("file_list", {"path": "res://scripts"}),
    ("script_list", {"path": "res://"}),
    ("script_read", {"path": "res://scripts/player.gd"}),
    ("resource_list", {"path": "res://"}),
    ("input_map_list", {}),
    ("autoload_list", {}),
    ("project_list_settings", {"prefix": "application"}),
    ("classdb_list_classes", {"filter": "Body2D"}),
    ("lsp_symbols", {"path": "res://scripts/player.gd"}),
    ("game_start", {}),
    ("runtime_get_tree", {}),
    ("runtime_get_node", {"node_path": "Player"}),
    ("runtime_step", {"frames": 10}),
    ("runtime_get_log", {}),
    ("game_status", {}),
    ("game_stop", {}),
)


def wrapped(data: Any, *, word_cap: bool) -> bool:
    """Whether ``data`` needs the envelope with the word cap (now) or without it (before)."""
    kept = untrusted._MAX_WORDS
    if not word_cap:
        untrusted._MAX_WORDS = sys.maxsize
    try:
        return untrusted.needs_envelope(data)
    finally:
        untrusted._MAX_WORDS = kept


def seal_ms(data: dict[str, Any], tool: str) -> float:
    started = time.perf_counter()
    sealed(reply_result(CommandSuccess(data)), tool, {})
    return (time.perf_counter() - started) * 1000


async def session(editor: EngineEditor) -> dict[str, Any]:
    calls = [*DEMO_CALLS[:7], *READS]
    before = now = failed = 0
    cost: list[float] = []
    newly: list[str] = []
    async with mcp_client(editor) as client:
        for tool, arguments in calls:
            result: types.CallToolResult = await client.call_tool(tool, arguments)
            data = result.structured_content
            if result.is_error or not isinstance(data, dict):
                failed += 1
                continue
            was, is_now = wrapped(data, word_cap=False), wrapped(data, word_cap=True)
            before, now = before + was, now + is_now
            if is_now and not was:
                newly.append(tool)
            cost.append(seal_ms(data, tool))
    return {
        "results": len(calls) - failed,
        "errors": failed,
        "wrapped_before": before,
        "wrapped_now": now,
        "newly_wrapped": newly,
        "seal_ms_median": round(statistics.median(cost), 3),
        "seal_ms_max": round(max(cost), 3),
    }


def measure() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="untrusted-wrapping-") as folder:
        workspace = Path(folder)
        project = copy_demo_project(workspace / "demo_project")
        env = {"GODOT_MCP_REGISTRY_DIR": str(workspace / "registry")}
        with start_editor(project, env, workspace / "editor.log", []) as process:
            instance = anyio.run(process.wait_ready, 120.0)
            editor = EngineEditor(
                project, workspace / "registry", process.log_path, env, process, instance, workspace
            )
            return anyio.run(session, editor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    figures = measure()
    if parser.parse_args().json:
        print(json.dumps(figures, indent=2))
        return
    print(f"{figures['results']} results ({figures['errors']} errors, always wrapped now, never before)")
    print(f"wrapped before: {figures['wrapped_before']}, now: {figures['wrapped_now']}")
    print(f"newly wrapped: {', '.join(figures['newly_wrapped']) or 'none'}")
    print(f"seal per result: median {figures['seal_ms_median']} ms, max {figures['seal_ms_max']} ms")


if __name__ == "__main__":
    main()
