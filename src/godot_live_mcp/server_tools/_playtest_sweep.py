"""``playtest_sweep``: one playtest script over many variants (node properties, project settings, input
recordings, random-input seeds), a headless game a run, several at once (docs/playtest-sweeps.md).
Part of the ``test`` group: like ``test_run`` it runs the project's own code in separate games."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.queue_events import ProgressEvent
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.playtest_farm import (
    SHOT_LIMIT,
    Axis,
    RandomInput,
    RunRecord,
    Sweep,
    SweepError,
    SweepReport,
    cluster_for,
    default_workers,
    pool_for,
    shoot_failures,
)
from godot_live_mcp.project_tests._listing import project_file
from godot_live_mcp.server_tools._paging import page, page_args
from godot_live_mcp.server_tools._spec import ServerCall, ToolSpec

__all__ = ["COMMANDS"]

_MAX_RUNS = 1000
_RUNS_FOLDER = ".godot/playtest_sweeps"  # inside the project: the sandboxed games may write there
_VALUES = "object: {name: [values]}, a run per value"


async def _sweep(call: ServerCall) -> JsonObject:
    project = call.project()
    if not (project / ".godot").is_dir():
        raise ToolError(
            ErrorCode.INVALID_OPERATION, "The project was never imported.", "Open it in the editor once."
        )
    try:
        sweep = _sweep_of(call.arguments, project)
        runs = sweep.runs()
        cluster = cluster_for(call.text("cluster"), os.environ)
    except SweepError as error:
        raise ToolError(ErrorCode.INVALID_PARAMS, str(error)) from None
    if len(runs) > _MAX_RUNS:
        raise ToolError(
            ErrorCode.LIMIT_EXCEEDED,
            f"{len(runs)} runs; a sweep runs {_MAX_RUNS} at most.",
            "Fewer values or seeds.",
        )
    (project / _RUNS_FOLDER).mkdir(parents=True, exist_ok=True)
    # Its own folder even when two sweeps start in the same second.
    folder = Path(tempfile.mkdtemp(prefix=time.strftime("%Y%m%d-%H%M%S-"), dir=project / _RUNS_FOLDER))
    workers = call.integer("workers", 0) or default_workers()
    godot, wall_limit_s = find_godot().path, float(call.integer("wall_limit_s", 120))
    try:
        pool = pool_for(cluster, godot, project, folder, workers, wall_limit_s)
    except SweepError as error:  # Ray asked for and not installed
        raise ToolError(
            ErrorCode.INVALID_OPERATION, str(error), "cluster='local' runs on this machine."
        ) from None

    async def finished(record: RunRecord, done: int, total: int) -> None:
        if call.listeners.on_progress is not None:
            await call.listeners.on_progress(ProgressEvent(done, total, record.line()))

    records = await pool.run(runs, finished)
    shots = call.integer("screenshots", SHOT_LIMIT)
    records = await shoot_failures(records, godot, project, wall_limit_s, shots)
    summary = SweepReport(records, sweep.metrics).summary()
    rows: list[JsonValue] = summary.pop("runs")
    return summary | {"folder": str(folder)} | page("runs", rows, call.arguments, 50)


def _sweep_of(arguments: JsonObject, project: Path) -> Sweep:
    """The sweep the arguments describe, every path kept inside the project."""
    axes = [Axis.of("set", name, values) for name, values in _object(arguments, "set").items()]
    axes += [Axis.of("setting", name, values) for name, values in _object(arguments, "settings").items()]
    recordings = arguments.get("recordings") or []
    if recordings:
        files = tuple(str(project_file(project, str(path))) for path in recordings)  # type: ignore[union-attr]
        axes.append(Axis("recording", "recording", files))
    policy = None
    seeds = arguments.get("seeds")
    if isinstance(seeds, int) and seeds > 0:
        axes.append(Axis("seed", "seed", tuple(range(1, seeds + 1))))
        policy = _policy(_object(arguments, "random_input"))
    metrics = [str(metric) for metric in arguments.get("metrics") or []]  # type: ignore[union-attr]
    return Sweep(_script(arguments, project), axes, str(arguments.get("combine", "product")), policy, metrics)


def _script(arguments: JsonObject, project: Path) -> dict[str, Any]:
    given = arguments.get("script")
    if isinstance(given, dict):
        return dict(given)
    path = arguments.get("path")
    if not isinstance(path, str):
        raise ToolError(
            ErrorCode.INVALID_PARAMS, "Give the base script: script (an object) or path (res://)."
        )
    try:
        data = json.loads(project_file(project, path).read_text("utf-8"))
    except (OSError, ValueError) as error:
        raise ToolError(ErrorCode.READ_FAILED, f"{path} was not read as JSON: {error}") from None
    if not isinstance(data, dict):
        raise ToolError(ErrorCode.INVALID_PARAMS, f"{path} holds no playtest script (an object with steps).")
    return data


def _policy(given: dict[str, JsonValue]) -> RandomInput:
    actions = given.get("actions")
    if not isinstance(actions, list) or not actions:
        raise ToolError(
            ErrorCode.INVALID_PARAMS,
            "seeds needs random_input.actions: the input actions random input may press.",
            'e.g. random_input={"actions": ["move_left", "move_right", "jump"]}; input_map_list shows them.',
        )
    hold = given.get("hold", [1, 30])
    try:
        low, high = (_whole(hold[0]), _whole(hold[-1])) if isinstance(hold, list) and hold else (1, 30)
        every, frames = _whole(given.get("every", 10)), _whole(given.get("frames", 600))
        return RandomInput(tuple(str(a) for a in actions), every, (low, high), frames)
    except (TypeError, ValueError) as error:
        raise ToolError(ErrorCode.INVALID_PARAMS, f"random_input: {error}") from None


def _whole(value: JsonValue) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{value!r} is not a whole number")
    return int(value)


def _object(arguments: JsonObject, key: str) -> dict[str, JsonValue]:
    found = arguments.get(key)
    return found if isinstance(found, dict) else {}


COMMANDS = {
    "playtest_sweep": ToolSpec(
        "Tests: playtest sweep",
        "Run a playtest script over variants (node properties, settings, recordings, random-input seeds), a "
        "headless game a run, several at once; a row a run, pass rates by value, distinct errors.",
        _sweep,
        args={
            "script": "object: The base playtest script (runtime_playtest's format); or path.",
            "path": "string: A res:// playtest script file.",
            "set": f'{_VALUES}: a node\'s property, e.g. {{"Player:speed": [150, 210]}}.',
            "settings": f"{_VALUES}: a project setting, set at frame 0.",
            "recordings": "array<string>: res:// input recordings (playtest scripts); a run each.",
            "seeds": f"integer[1..{_MAX_RUNS}]: Random-input runs, seeds 1 to N.",
            "random_input": "object: actions (needed with seeds), every (10), hold ([1, 30]), frames (600).",
            "combine": 'enum(product|list)="product": Every combination, or the values paired up.',
            "metrics": "array<string>[..16]: Expressions whose last value each row shows.",
            "workers": "integer[1..64]: Games at once. Default: a core each, fewer if memory is short.",
            "wall_limit_s": "integer[5..1800]=120: Seconds a run may take before it is stopped as hung.",
            "screenshots": f"integer[0..100]={SHOT_LIMIT}: Failing runs replayed on a display, if any, to "
            "picture the failure.",
            "cluster": "enum(local|ray): Where runs play. Default: ray when RAY_ADDRESS is set.",
            **page_args("run", "runs", 50),
        },
        returns={
            "passed!": "boolean: Every run passed.",
            "runs!": "array<object>: run, variant, passed, frames, errors; failed, metrics, script, "
            "screenshot, ended.",
            "pass_rates!": "object: 'axis=value': 'passed/runs'.",
            "errors!": "object: Each distinct error logged: the runs that logged it.",
            "folder": "string: Where the runs' scripts, results and logs are.",
            "@page": "runs offset",
        },
        marks="long_running cancellable",  # the project's code runs in the games, which may write files
        timeout_ms=3_600_000,
    ),
}
