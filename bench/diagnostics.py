"""Project-wide GDScript diagnostics through the editor's language server: fast enough after every edit?

Generates a project of ``--scripts`` scripts (100 by default: classes that extend, call and type each
other, some with a warning), starts a headless editor on it, and times ``lsp_diagnostics`` on the whole
project (first call, then the median of ``--repeats``) and on one script with unsaved text. The figure
quoted in the tool's description (``server_tools/lsp.py``) is the warm median for 100 scripts.

    python bench/diagnostics.py [--scripts 100] [--repeats 10]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import anyio

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.instances.addon_install import install_addon
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import launch_editor
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from godot_live_mcp.server_tools.lsp import COMMANDS, LanguageServerTool

_PROJECT = '[application]\nconfig/name="Diagnostics bench"\n\n[editor_plugins]\n'
_PLUGIN = 'enabled=PackedStringArray("res://addons/godot_live_mcp/plugin.cfg")\n'


def script(index: int) -> str:
    """A script that types and calls the one before it; every tenth leaves a local unused (a warning)."""
    unused = "\tvar unused_here: int = 1\n" if index % 10 == 0 else ""
    body = "".join(
        f"\n\nfunc step_{n}(amount: float) -> float:\n\tvar total: float = amount * {n}\n"
        f"{unused if n == 0 else ''}\tfor i: int in range(3):\n\t\ttotal += float(i)\n\treturn total\n"
        for n in range(6)
    )
    previous = f"\nvar previous: Bench{index - 1}\n" if index else "\n"
    uses = "previous.step_2(1.0) if previous else 0.0" if index else "0.0"
    chain = f"\n\nfunc chain() -> float:\n\treturn step_1(2.0) + {uses}\n"
    return f"class_name Bench{index}\nextends Node\n{previous}{body}{chain}"


def make_project(root: Path, scripts: int) -> Path:
    (root / "scripts").mkdir(parents=True)
    (root / "project.godot").write_text(_PROJECT + _PLUGIN, "utf-8")
    for index in range(scripts):
        (root / "scripts" / f"bench_{index}.gd").write_text(script(index), "utf-8")
    install_addon(root)
    return root


async def timed(tool: LanguageServerTool, arguments: JsonObject) -> tuple[float, JsonObject]:
    start = time.perf_counter()
    reply = await tool.invoke(arguments, 120.0)
    elapsed = time.perf_counter() - start
    assert isinstance(reply, CommandSuccess), reply
    return elapsed, reply.data


async def measure(instance: EditorInstance, repeats: int) -> None:
    diagnostics = LanguageServerTool("lsp_diagnostics", COMMANDS["lsp_diagnostics"].run, lambda: instance)
    first, data = await timed(diagnostics, {})
    print(f"scripts checked: {data['checked']}, errors {data['errors']}, warnings {data['warnings']}")
    print(f"whole project, first call: {first:.3f} s")
    warm = [(await timed(diagnostics, {}))[0] for _ in range(repeats)]
    print(f"whole project, median of {repeats}: {statistics.median(warm):.3f} s (max {max(warm):.3f} s)")
    proposed: JsonObject = {"path": "res://scripts/bench_5.gd", "text": script(5) + "\n\tmissing_call()\n"}
    one = [(await timed(diagnostics, proposed))[0] for _ in range(repeats)]
    print(f"one script with unsaved text, median: {statistics.median(one) * 1000:.1f} ms")


async def main(scripts: int, repeats: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-diagnostics-") as temp:
        project = make_project(Path(temp) / "project", scripts)
        env = {REGISTRY_DIR_ENV: str(Path(temp) / "registry")}
        with launch_editor(project, env=env, log_path=Path(temp) / "editor.log") as editor:
            instance = await editor.wait_ready(120.0)
            await measure(instance, repeats)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scripts", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=10)
    options = parser.parse_args()
    anyio.run(main, options.scripts, options.repeats)
