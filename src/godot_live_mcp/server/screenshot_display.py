"""``runtime_screenshot`` of a game that runs headless: refused, or with ``restart`` restarted on a display.

A headless editor runs its game headless unless ``game_start`` asked for ``display``; such a game draws
nothing. A screenshot never silently restarts it (the state the caller wanted to see would be gone):
it is refused with the exact call that restarts it. With ``restart: true``, the server restarts it
(same scene) on the private virtual screen the editor starts for it, and says so in the answer. Unsaved
scene edits stop the restart, since playing saves them first and a screenshot must not change the
project. docs/adr/0003-screenshots-keep-the-game.md says why.
"""

from __future__ import annotations

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply, CommandSuccess
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import CONTRACT, ErrorCode

__all__ = ["RESTARTED_KEY", "SCREENSHOT", "capture_on_display", "needs_display", "unsaved_scenes"]

SCREENSHOT = "runtime.screenshot"
RESTARTED_KEY = "restarted_game"
_START_TIMEOUT_MS = 60_000
_WAIT_S = CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["default"])
_HINT = "Call game_start with display: true (after game_stop) to run the game where it can be seen."
_RESTART_HINT = (
    "To see it now, call runtime_screenshot with restart: true (the game starts over from its first frame). "
    "To capture later states, game_stop, then game_start with display: true, and replay to that state."
)


def needs_display(reply: CommandReply) -> bool:
    """Whether ``reply`` (of a tool marked needs_display) is the game's refusal to draw: it runs headless."""
    return isinstance(reply, CommandFailure) and reply.code == ErrorCode.HEADLESS_UNSUPPORTED


async def capture_on_display(
    runtime: RuntimeLink, link: EditorLink, arguments: JsonObject, timeout_s: float, refused: CommandFailure
) -> CommandReply:
    """With ``restart`` in ``arguments``, restart the headless game of a headless editor on a private display
    and capture it; without, a refusal naming that call. ``refused`` when the editor draws (the game chose
    to run headless)."""
    game = await _headless_game(link)
    if game is None:
        return refused
    if arguments.get("restart") is not True:
        return CommandFailure(
            ErrorCode.HEADLESS_UNSUPPORTED,
            "The game runs headless (game_start without display), so it draws nothing; nothing was captured "
            "and the game runs on untouched.",
            _RESTART_HINT,
        )
    unsaved = await _unsaved_scenes(link)
    if unsaved:
        return CommandFailure(
            ErrorCode.HEADLESS_UNSUPPORTED,
            f"The game runs headless, and restarting it on a private display would first save the unsaved "
            f"edits of {', '.join(unsaved)}.",
            f"Save or discard those edits, then capture again. {_HINT}",
        )
    started = await _restart(link, str(game.get("scene", "")))
    if isinstance(started, CommandFailure):
        failed = f"The game ran headless; restarting it on a private display failed: {started.message}"
        return CommandFailure(started.code, failed, started.hint)
    captured = await runtime.call(SCREENSHOT, arguments, timeout_s)
    if isinstance(captured, CommandSuccess):
        restarted = started.data.get("game")
        captured.data["note"] = (
            "The game ran headless, so it was restarted on a private virtual display to draw: it started "
            "over from its first frame."
        )
        captured.data[RESTARTED_KEY] = restarted if isinstance(restarted, dict) else {}
    return captured


async def _headless_game(link: EditorLink) -> JsonObject | None:
    """The running game when a headless editor runs it without a display, else None."""
    status = await link.call("game.status", {}, _WAIT_S)
    if not isinstance(status, CommandSuccess) or status.data.get("headless") is not True:
        return None
    game = status.data.get("game")
    if not isinstance(game, dict) or game.get("display", "none") != "none":
        return None
    return game


async def _restart(link: EditorLink, scene: str) -> CommandReply:
    stopped = await link.call("game.stop", {}, _WAIT_S)
    if isinstance(stopped, CommandFailure) and stopped.code != ErrorCode.GAME_NOT_RUNNING:
        return stopped
    arguments: JsonObject = {"display": True, **({"scene": scene} if scene else {})}
    return await link.call("game.start", arguments, CONTRACT.answer_wait_s(_START_TIMEOUT_MS))


async def _unsaved_scenes(link: EditorLink) -> list[str]:
    unsaved = unsaved_scenes(await link.call("scene.list_open", {}, _WAIT_S))
    return ["the open scenes (the editor could not list them)"] if unsaved is None else unsaved


def unsaved_scenes(reply: CommandReply) -> list[str] | None:
    """Of a ``scene.list_open`` reply: the open scenes with unsaved edits, or whose state the editor
    cannot tell (counted as unsaved); None when the reply lists no scenes."""
    scenes = reply.data.get("scenes") if isinstance(reply, CommandSuccess) else None
    if not isinstance(scenes, list):
        return None
    return [
        str(scene.get("path") or "an untitled scene")
        for scene in scenes
        if isinstance(scene, dict) and scene.get("unsaved") is not False
    ]
