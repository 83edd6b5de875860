"""One run of a sweep: a headless game of the project, without an editor, in stepped time, playing
one script, with its own user data folder and log, stopped at a frame and a wall-clock limit. The game
runs in the sandbox, as every Godot the server starts: it may write its own user:// only, so its script
and result pass through there."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio

from godot_live_mcp.sandbox import confine, user_data_folder

__all__ = ["GameRun", "RunOutcome"]

_TAIL_LINES = 8
_IN_USER = "mcp_sweep"  # the run's script and result, inside its user:// folder
SHOT_NAME = "failure.png"  # the viewport at a drawn run's first failure


@dataclass
class RunOutcome:
    """What a run ended with: the playtest result when it wrote one, else why not."""

    exit_code: int | None
    result: dict[str, Any] | None
    wall_s: float
    folder: Path
    ended: str = "finished"  # finished, crashed, hung (wall limit), frame limit, no result
    log_tail: list[str] = field(default_factory=list)
    screenshot: Path | None = None  # a failing run's, from its replay on a display (_failure_shots.py)
    replay: str = ""  # why that replay gave no screenshot, when it did not

    @property
    def passed(self) -> bool:
        return self.result is not None and bool(self.result.get("passed")) and self.exit_code == 0

    @property
    def verdict(self) -> str:
        """``pass``, ``fail`` (an assertion failed or the script stopped), or how an unfinished run ended."""
        return "pass" if self.passed else "fail" if self.ended == "finished" else self.ended


@dataclass(frozen=True)
class GameRun:
    """How to start one game: the Godot binary, the imported project, the run's folder."""

    godot: Path
    project: Path
    folder: Path
    frame_limit: int | None  # None: the interpreter's own bounds (every step_until has a max_frames)
    wall_limit_s: float
    display_env: dict[str, str] | None = None  # drawn on that display, saving SHOT_NAME; else headless

    async def play(self, script: dict[str, Any]) -> RunOutcome:
        env = self._env()
        inside = user_data_folder(self.project, env) / _IN_USER
        inside.mkdir(parents=True, exist_ok=True)
        text = json.dumps(script, indent=1)
        (inside / "script.json").write_text(text, "utf-8")
        (self.folder / "script.json").write_text(text, "utf-8")  # the copy a person replays
        result_file, log_file = inside / "result.json", self.folder / "game.log"
        result_file.unlink(missing_ok=True)
        result_file.with_name(SHOT_NAME).unlink(missing_ok=True)
        began = time.monotonic()
        command, full_env = confine(self._command(), self.project, env)
        with log_file.open("wb") as log:
            process = await anyio.open_process(
                command, stdout=log, stderr=log, env=full_env, start_new_session=True
            )
            hung = False
            try:
                with anyio.fail_after(self.wall_limit_s):
                    await process.wait()
            except TimeoutError:
                hung = True
            finally:
                if process.returncode is None:
                    _kill_group(process.pid)
                    with anyio.CancelScope(shield=True):
                        await process.wait()
        wall = time.monotonic() - began
        return self._outcome(process.returncode, hung, wall, result_file, log_file)

    def _command(self) -> list[str]:
        drawn = self.display_env is not None
        mode = ["--rendering-driver", "opengl3"] if drawn else ["--headless"]
        command = [str(self.godot), *mode, "--path", str(self.project), "--fixed-fps", "60"]
        command += ["--audio-driver", "Dummy"]
        if self.frame_limit is not None:
            command += ["--quit-after", str(self.frame_limit)]
        script, result = f"user://{_IN_USER}/script.json", f"user://{_IN_USER}/result.json"
        shot = ["--playtest-shot", f"user://{_IN_USER}/{SHOT_NAME}"] if drawn else []
        return [*command, "--", "--playtest", script, "--playtest-out", result, *shot]

    def _env(self) -> dict[str, str]:
        # user:// lives under XDG_DATA_HOME on Linux: each run its own saves and settings.
        return {**os.environ, **(self.display_env or {}), "XDG_DATA_HOME": str(self.folder / "data")}

    def _outcome(
        self, code: int | None, hung: bool, wall: float, result_file: Path, log_file: Path
    ) -> RunOutcome:
        result = _read_result(result_file)
        if result_file.is_file():  # beside the replay copy of the script, where a person looks
            shutil.copyfile(result_file, self.folder / "result.json")
        shot = result_file.with_name(SHOT_NAME)
        if shot.is_file():
            shutil.copyfile(shot, self.folder / SHOT_NAME)
        tail = log_file.read_text("utf-8", errors="replace").splitlines()[-_TAIL_LINES:]
        if hung:
            ended = "hung"
        elif code is not None and code < 0:
            ended = "crashed"
        elif result is None:
            ended = "frame limit" if code == 0 else "no result"
        else:
            ended = "finished"
        outcome = RunOutcome(code, result, wall, self.folder, ended, [] if ended == "finished" else tail)
        outcome.screenshot = self.folder / SHOT_NAME if shot.is_file() else None
        return outcome


def _read_result(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)
