"""A call of an editor's tool while that editor is still starting (launched, importing the project):
the call waits for it, telling the client what the editor is doing as progress, and fails with the
editor's state and a hint when the wait is over; with none starting, the link answers at once."""

from __future__ import annotations

import time

from mcp.server.session import ServerSession

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.queue_progress import CallProgress

# How often the client hears how the start goes.
REPORT_EVERY_S = 1.0


async def wait_for_editor(link: EditorLink, session: ServerSession, timeout_s: float) -> None:
    """Return once the editor is connected, or once none is being started (the call then gets the
    link's own error); raise ``EDITOR_DISCONNECTED`` when one is still starting after ``timeout_s``."""
    progress = CallProgress(session)
    deadline = time.monotonic() + timeout_s
    while link.catalog is None and not link.connected:
        state = link.source.starting()
        if state is None and link.first_attempt_done:
            return
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise _still_starting(state or "the first connection attempt has not finished")
        if state is not None:
            await progress.say(f"Waiting for the Godot editor: {state}")
        await link.wait_connected(min(REPORT_EVERY_S, remaining))
    await link.wait_settled(max(deadline - time.monotonic(), REPORT_EVERY_S))


def _still_starting(state: str) -> ToolError:
    return ToolError(
        ErrorCode.EDITOR_DISCONNECTED,
        f"The Godot editor is not ready yet: {state}.",
        "Call again in a moment: a first open imports the project, which can take minutes for a large "
        "one. The tools listed are this project's from its last session.",
    )
