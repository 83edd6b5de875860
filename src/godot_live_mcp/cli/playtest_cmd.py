"""``godot-live-mcp playtest SCRIPT --project P``: run a playtest script (docs/playtest.md) in a game
started without an editor, headless and in stepped time, and print what it found. The exit code is the
game's: 0 every assertion held, 1 one failed, 2 the script was refused or could not run.

With ``--set``, ``--setting``, ``--recording`` or ``--seeds`` it runs a sweep instead: one game a
variant, many at once (docs/playtest-sweeps.md); exit 0 only when every run passed."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.cli._playtest_sweep import SweepOptions, run_sweep, sweep_options
from godot_live_mcp.contract import ADDON_ROOT
from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.instances.addon_install import project_root
from godot_live_mcp.instances.project_file import parse_string, section_values

__all__ = ["playtest_command", "summary_of"]


class _NotRun(click.ClickException):
    """The script did not run: exit 2, as the game itself does (1 means an assertion failed)."""

    exit_code = 2


_SHOWN_EVENTS = 5


@click.command("playtest")
@click.argument("script", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--project",
    type=click.Path(path_type=Path),
    default=Path("."),
    show_default=True,
    help="The Godot project (its folder or project.godot) with the addon enabled.",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Where the game writes the result JSON (default: SCRIPT's name with .result.json); for a"
    " sweep, the folder of its runs (default: SCRIPT's name with .sweep).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the whole result as JSON instead of a summary.")
@click.option(
    "--godot", default=None, help="Godot binary to run (else GODOT_BIN, PATH, the private install)."
)
@click.option("--timeout", type=float, default=600.0, show_default=True, help="Seconds the game may take.")
@sweep_options
def playtest_command(
    script: Path,
    project: Path,
    out: Path | None,
    as_json: bool,
    godot: str | None,
    timeout: float,
    **sweep: Any,
) -> None:
    """Run SCRIPT (a playtest script, JSON) in a headless game of the project and print the result;
    with variants (--set, --setting, --recording, --seeds), one game a variant."""
    options = SweepOptions(**sweep)
    request = _Request(script, project, out, as_json, godot, timeout)
    try:
        code = request.sweep(options) if options.wanted() else request.play()
    except click.UsageError:
        raise
    except click.ClickException as error:
        raise _NotRun(error.message) from error
    sys.exit(code)


@dataclass(frozen=True)
class _Request:
    """What the command line asked for, shared by one run and a sweep."""

    script: Path
    project: Path
    out: Path | None
    as_json: bool
    godot: str | None
    timeout: float  # the import of a fresh checkout, and a single run; a sweep's runs have --wall-limit

    def sweep(self, options: SweepOptions) -> int:
        root, binary = self._prepared()
        try:
            base = json.loads(self.script.read_text("utf-8"))
        except ValueError as error:
            raise click.ClickException(f"{self.script} is not JSON: {error}") from error
        folder = (self.out or self.script.with_name(self.script.stem + ".sweep")).absolute()
        return run_sweep(options, base, binary, root, folder, self.as_json)

    def play(self) -> int:
        root, binary = self._prepared()
        result_file = (self.out or self.script.with_name(self.script.stem + ".result.json")).absolute()
        if result_file.is_dir():
            raise click.ClickException(f"--out {self.out} is a folder; a single run writes one result file.")
        result_file.unlink(missing_ok=True)
        command = [str(binary), "--headless", "--path", str(root), "--fixed-fps", "60"]
        command += ["--audio-driver", "Dummy"]
        command += ["--", "--playtest", str(self.script.absolute()), "--playtest-out", str(result_file)]
        ran = _run(command, self.timeout)
        if not result_file.is_file():
            tail = "\n".join((ran.stdout + ran.stderr).splitlines()[-10:])
            raise click.ClickException(
                f"the game (exit {ran.returncode}) wrote no result; its last output:\n{tail}"
            )
        result = json.loads(result_file.read_text("utf-8"))
        click.echo(json.dumps(result, indent=2) if self.as_json else summary_of(result))
        return ran.returncode

    def _prepared(self) -> tuple[Path, Path]:
        """The project's folder, imported, and the Godot binary; refused without the runtime autoload."""
        with reported_as_click_error():
            root = project_root(self.project)
            binary = find_godot(self.godot).path
        _require_runtime_autoload(root)
        if not (root / ".godot").is_dir():  # a fresh checkout: the game loads imported assets only
            _run([str(binary), "--headless", "--path", str(root), "--import"], self.timeout)
        return root, binary


def summary_of(result: dict[str, Any]) -> str:
    """A few lines a person reads: the verdict, the failed assertions, the first errors logged."""
    if "error" in result:
        error = result["error"]
        return f"not run: {error.get('code')}: {error.get('error')}\nhint: {error.get('hint')}"
    held = len(result["assertions"]) - result["assertions_failed"]
    verdict = "STOPPED" if "stopped" in result else "passed" if result["passed"] else "FAILED"
    lines = [
        f"{verdict}: {result['frames']} frames, {held} of {len(result['assertions'])} assertions held,"
        f" {result['errors']} errors, {result['warnings']} warnings"
    ]
    if "stopped" in result:
        stopped = result["stopped"]
        lines.append(f"  at steps[{stopped['step']}]: {stopped['code']}: {stopped['error']}")
    for entry in result["assertions"]:
        if not entry["passed"]:
            lines.append(f"  frame {entry['frame']}: {entry['condition']} (seen {entry['seen']})")
    logged = [event for event in result["timeline"] if event["kind"] == "error"]
    lines += [f"  frame {event['frame']} error: {event['text']}" for event in logged[:_SHOWN_EVENTS]]
    return "\n".join(lines)


def _require_runtime_autoload(root: Path) -> None:
    """A project without the addon's runtime autoload would run its game without the interpreter."""
    text = (root / "project.godot").read_text("utf-8")
    prefix = f"res://{ADDON_ROOT}/"
    values = (parse_string(raw) or "" for raw in section_values(text, "autoload").values())
    if not any(value.lstrip("*").startswith(prefix) for value in values):
        raise click.ClickException(
            f"{root} has no runtime autoload of the addon, so its game cannot run a playtest."
            " Hint: `godot-live-mcp install-addon`, then open the project once in the editor (it adds it)."
        )


def _run(command: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as expired:
        raise click.ClickException(
            f"the game did not finish within {timeout:.0f} s."
            " Hint: give --timeout more, or the script fewer frames."
        ) from expired
