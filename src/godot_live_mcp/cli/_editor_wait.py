"""The wait for a launched editor to come up, shown on stderr as a progress bar when it is a terminal."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import EditorProcess

__all__ = ["wait_ready_showing_progress"]


async def wait_ready_showing_progress(
    editor: EditorProcess, timeout_s: float, console: Console | None = None
) -> EditorInstance:
    """``editor.wait_ready(timeout_s)`` with a bar (elapsed out of the timeout) that goes when it is up.
    Nothing is drawn when stderr is not a terminal (scripts, pipes, tests)."""
    console = console or Console(stderr=True)
    if not console.is_terminal:
        return await editor.wait_ready(timeout_s)
    bar = Progress(
        SpinnerColumn(),
        TextColumn(escape(f"Starting a headless Godot editor on {editor.project.name} (pid {editor.pid})")),
        BarColumn(),
        TimeElapsedColumn(),
        TextColumn(f"/ up to {timeout_s:.0f} s"),
        console=console,
        transient=True,
    )
    with bar:
        bar.add_task("editor", total=None)
        return await editor.wait_ready(timeout_s)
