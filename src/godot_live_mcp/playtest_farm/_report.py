"""A sweep's answer: one line a run, the pass rate by each axis value, the distinct errors with their
counts, and where each failing run's replayable script (and screenshot, when one was taken) lies."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from godot_live_mcp.playtest_farm._pool import RunRecord
from godot_live_mcp.playtest_farm._sweep import value_text

__all__ = ["SweepReport"]

_SOURCE_SUFFIX = re.compile(r"\s+\(at res://.*\)$")  # where the error was raised: "(at res://x.gd:3 in f())"


@dataclass(frozen=True)
class SweepReport:
    records: list[RunRecord]
    metrics: list[str]

    @property
    def passed(self) -> bool:
        return all(record.outcome.passed for record in self.records)

    def rows(self) -> list[dict[str, Any]]:
        """One row a run, as the MCP tool returns it."""
        return [self._row(record) for record in self.records]

    def summary(self) -> dict[str, Any]:
        """The whole answer as data: the verdict, a row a run, the pass rates, the distinct errors."""
        return {
            "passed": self.passed,
            "runs": self.rows(),
            "pass_rates": self.pass_rates(),
            "errors": self.distinct_errors(),
        }

    def _row(self, record: RunRecord) -> dict[str, Any]:
        outcome, result = record.outcome, record.outcome.result or {}
        row: dict[str, Any] = {
            "run": record.variant.index,
            "variant": record.variant.label(),
            "passed": outcome.passed,
            "frames": result.get("frames"),
            "errors": result.get("errors", 0),
        }
        if outcome.ended != "finished":
            row |= {"ended": outcome.ended, "exit_code": outcome.exit_code, "last_lines": outcome.log_tail}
        failed = [a["condition"] for a in result.get("assertions", []) if not a.get("passed")]
        if failed:
            row["failed"] = failed
        if "stopped" in result:
            row["stopped"] = f"{result['stopped'].get('code')}: {result['stopped'].get('error')}"
        values = _final_values(result, self.metrics)
        if values:
            row["metrics"] = values
        if not outcome.passed:
            row["script"] = str(outcome.folder / "script.json")
        if outcome.screenshot is not None:
            row["screenshot"] = str(outcome.screenshot)
        if outcome.replay:
            row["replay"] = outcome.replay
        row["wall_s"] = round(outcome.wall_s, 2)
        return row

    def pass_rates(self) -> dict[str, str]:
        """``axis=value: passed/runs`` for every value of every axis."""
        tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        names = list(self.records[0].variant.choice) if self.records else []
        for name in names:  # axis by axis, each value in the order its runs came
            for record in self.records:
                value = record.variant.choice[name]
                key = f"{name}={value_text(value)}"
                tally[key][0] += int(record.outcome.passed)
                tally[key][1] += 1
        return {key: f"{done}/{runs}" for key, (done, runs) in tally.items()}

    def distinct_errors(self) -> dict[str, int]:
        """Each error the games logged (its source location left out) and the runs that logged it."""
        seen: Counter[str] = Counter()
        for record in self.records:
            texts = {
                _SOURCE_SUFFIX.sub("", event["text"])
                for event in (record.outcome.result or {}).get("timeline", [])
                if event.get("kind") == "error"
            }
            seen.update(texts)
        return dict(seen.most_common())

    def table(self) -> str:
        """The lines a person reads: a line a run, then the aggregate."""
        lines = [f"{'run':>4}  {'result':<8} {'frames':>6} {'errors':>6}  {'wall':>6}  variant"]
        rows = self.rows()
        for record, row in zip(self.records, rows, strict=True):
            verdict = record.outcome.verdict if record.outcome.passed else record.outcome.verdict.upper()
            frames = "-" if row["frames"] is None else str(row["frames"])
            extra = "".join(f"  {name}={value}" for name, value in row.get("metrics", {}).items())
            failed = "".join(f"  failed: {condition}" for condition in row.get("failed", []))
            lines.append(
                f"{row['run']:>4}  {verdict:<8} {frames:>6} {row['errors']:>6}  {row['wall_s']:>5.1f}s  "
                f"{row['variant']}{extra}{failed}"
            )
        done = sum(row["passed"] for row in rows)
        lines.append(f"passed {done} of {len(self.records)} runs")
        lines += [f"  {key}: {rate}" for key, rate in self.pass_rates().items()]
        for text, count in self.distinct_errors().items():
            lines.append(f"  error in {count} run{'' if count == 1 else 's'}: {text}")
        lines += [f"  replay run {row['run']}: {row['script']}" for row in rows if "script" in row]
        lines += [
            f"  screenshot of run {row['run']}: {row['screenshot']}" for row in rows if "screenshot" in row
        ]
        lines += [f"  run {row['run']}: {row['replay']}" for row in rows if "replay" in row]
        return "\n".join(lines)


def _final_values(result: dict[str, Any], metrics: list[str]) -> dict[str, str]:
    """Each metric's last watched value (watches are read at the end of every step)."""
    values: dict[str, str] = {}
    for event in result.get("timeline", []):
        if event.get("kind") != "watch":
            continue
        name, _, value = str(event["text"]).partition(" = ")
        if name in metrics:
            values[name] = value
    return {name: values[name] for name in metrics if name in values}
