"""The fuzz campaign's figures: per category, the inputs tried and what became of them.

A test records each input's outcome; at the end of the session the figures go to the JSON file named
by ``GODOT_MCP_FUZZ_FIGURES`` (``make security`` points it at docs/security-figures.json and renders the
table of docs/security.md from it), else to the session's temporary folder.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from enum import Enum
from pathlib import Path

import mcp_types as types

from godot_live_mcp.server._meta import ERROR_META_KEY

FIGURES_ENV = "GODOT_MCP_FUZZ_FIGURES"
FIGURES_FILE = "security-figures.json"
SCALE_ENV = "GODOT_MCP_FUZZ_SCALE"


def examples(count: int) -> int:
    """``count`` examples, times ``GODOT_MCP_FUZZ_SCALE`` (default 1) for a quicker or a longer run;
    the published figures come from the default."""
    return max(1, round(count * float(os.environ.get(SCALE_ENV) or 1)))


class Outcome(Enum):
    ACCEPTED = "accepted"  # answered and harmless
    REFUSED = "refused"  # answered with a coded refusal (tool error, JSON-RPC error, close frame)
    ESCAPE = "escape"  # reached past its confinement: outside the project, the scene, or the token
    CRASH = "crash"  # a process died, or an uncoded/INTERNAL answer
    HANG = "hang"  # no answer in time
    LOST_DATA = "lost_data"  # a file that should have stayed changed or went missing


@dataclass
class Tally:
    tried: int = 0
    refused: int = 0
    escapes: int = 0
    crashes: int = 0
    hangs: int = 0
    lost_data: int = 0
    examples: list[str] = field(default_factory=list)  # the first bad inputs, to reproduce them

    def add(self, outcome: Outcome, example: str) -> None:
        self.tried += 1
        if outcome is Outcome.REFUSED:
            self.refused += 1
        elif outcome is not Outcome.ACCEPTED:
            setattr(self, _COUNTERS[outcome], getattr(self, _COUNTERS[outcome]) + 1)
            if len(self.examples) < 10:
                self.examples.append(f"{outcome.value}: {example[:200]}")

    @property
    def failures(self) -> int:
        return self.escapes + self.crashes + self.hangs + self.lost_data


_COUNTERS = {
    Outcome.ESCAPE: "escapes",
    Outcome.CRASH: "crashes",
    Outcome.HANG: "hangs",
    Outcome.LOST_DATA: "lost_data",
}


@dataclass
class Campaign:
    """Tallies by category (written in the order of their names, whichever test ran first)."""

    categories: dict[str, Tally] = field(default_factory=dict)

    def tally(self, category: str) -> Tally:
        return self.categories.setdefault(category, Tally())

    def record(self, category: str, outcome: Outcome, example: str) -> None:
        self.tally(category).add(outcome, example)

    def to_json(self) -> dict[str, object]:
        return {
            "categories": [
                {"category": name, **{k: v for k, v in asdict(tally).items() if k != "examples"}}
                for name, tally in sorted(self.categories.items())
            ]
        }

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=2) + "\n", "utf-8")


def refusal_outcome(result: types.CallToolResult) -> Outcome:
    """A failed tool call: a hang when it timed out, a crash when it is uncoded or INTERNAL (a
    handler broke), else a refusal."""
    error = (result.meta or {}).get(ERROR_META_KEY)
    code = error.get("code") if isinstance(error, dict) else None
    if code == "TIMEOUT":
        return Outcome.HANG
    if not code or code == "INTERNAL":
        return Outcome.CRASH
    return Outcome.REFUSED
