"""A seeded random-input policy for fuzzing: which actions, how often, held how long. The steps are
made here, before the game starts, so a seed gives the same input on every machine."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

__all__ = ["RandomInput"]


@dataclass(frozen=True)
class RandomInput:
    """Every ``every`` frames one of ``actions`` is pressed and held ``hold`` frames (a range); the
    run lasts ``frames`` frames."""

    actions: tuple[str, ...]
    every: int = 10
    hold: tuple[int, int] = (1, 30)
    frames: int = 600

    def __post_init__(self) -> None:
        if not self.actions:
            raise ValueError("random input needs at least one action")
        if self.every < 1 or self.frames < 1 or not 1 <= self.hold[0] <= self.hold[1]:
            raise ValueError("random input: every and frames are 1 or more; hold is [low, high] from 1 up")

    def steps(self, seed: int) -> list[dict[str, Any]]:
        """The playtest steps of one seed: presses and releases at their frames, then the rest."""
        rng = random.Random(seed)
        timed: list[tuple[int, int, dict[str, Any]]] = []
        for order, start in enumerate(range(0, self.frames, self.every)):
            action = rng.choice(self.actions)
            end = min(start + rng.randint(*self.hold), self.frames)
            timed.append((start, 2 * order + 1, {"do": "press", "action": action, "at": start}))
            timed.append((end, 2 * order, {"do": "release", "action": action, "at": end}))
        timed.sort(key=lambda item: (item[0], item[1]))  # at one frame, releases before presses
        steps = [step for _, _, step in timed]
        last = timed[-1][0] if timed else 0
        if self.frames > last:
            steps.append({"do": "step", "frames": self.frames - last})
        return steps
