"""What a sweep runs: a base playtest script and the axes it varies, combined as a product or as a
list, each variant turned into the script one run plays (docs/playtest-sweeps.md)."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from godot_live_mcp.playtest_farm._random_input import RandomInput

__all__ = ["Axis", "Run", "Sweep", "SweepError", "Variant"]

COMBINES = ("product", "list")


class SweepError(ValueError):
    """A sweep that cannot run as given: the message names the part and says what fits."""


@dataclass(frozen=True)
class Axis:
    """One thing a sweep varies: its name as the table shows it and its values.

    ``kind`` is ``set`` (a node's property, ``Player:speed``), ``setting`` (a project setting),
    ``recording`` (a playtest script whose steps feed the input) or ``seed`` (random input)."""

    kind: str
    name: str
    values: tuple[Any, ...]

    @classmethod
    def of(cls, kind: str, name: str, values: Any) -> Axis:
        """The axis, or SweepError naming what is wrong with it (the command line and the tool alike)."""
        if not isinstance(values, list | tuple) or not values:
            raise SweepError(f"{kind} {name!r}: give a list of values, e.g. [150, 180].")
        if kind == "set" and ":" not in name:
            raise SweepError(
                f"set {name!r}: name the node and its property as NODE:PROPERTY, e.g. Player:speed."
            )
        return cls(kind, name, tuple(values))


@dataclass(frozen=True)
class Variant:
    """One run's choice on every axis: ``{axis name: value}`` in axis order."""

    index: int
    choice: dict[str, Any]

    def label(self) -> str:
        return " ".join(f"{name}={value_text(value)}" for name, value in self.choice.items()) or "base"

    def folder_in(self, sweep_folder: Path) -> Path:
        """The run's own folder in the sweep's: its script, result, log and user data."""
        return sweep_folder / f"run-{self.index:04d}"


# A run of a sweep: its variant and the playtest script made for it.
Run = tuple[Variant, dict[str, Any]]


@dataclass
class Sweep:
    """A base script and the axes it is run over."""

    script: dict[str, Any]
    axes: list[Axis] = field(default_factory=list)
    combine: str = "product"
    random_input: RandomInput | None = None
    metrics: list[str] = field(default_factory=list)

    def variants(self) -> list[Variant]:
        """Every variant, in a fixed order: the same sweep gives the same list."""
        if self.combine not in COMBINES:
            raise SweepError(f"combine: '{self.combine}' is not one of {', '.join(COMBINES)}.")
        if {"recording", "seed"} <= {axis.kind for axis in self.axes}:
            raise SweepError(
                "A run's input is a recording or seeded random input, not both: sweep them apart."
            )
        names = [axis.name for axis in self.axes]
        if self.combine == "product":
            rows = list(itertools.product(*(axis.values for axis in self.axes)))
        else:
            lengths = {len(axis.values) for axis in self.axes}
            if len(lengths) > 1:
                raise SweepError("combine 'list': every axis needs as many values (the runs pair them up).")
            rows = list(zip(*(axis.values for axis in self.axes), strict=True))
        return [Variant(i, dict(zip(names, row, strict=True))) for i, row in enumerate(rows or [()])]

    def runs(self) -> list[Run]:
        """Every variant with the script its run plays, all made before any game starts: a recording
        that cannot be read stops the sweep here, and each is read once."""
        recordings = {
            value: _recording_steps(Path(value))
            for axis in self.axes
            if axis.kind == "recording"
            for value in axis.values
        }
        return [(variant, self._script_for(variant, recordings)) for variant in self.variants()]

    def _script_for(self, variant: Variant, recordings: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
        """The script the variant's run plays: its property and setting changes at frame 0, then its
        input (a recording's steps or seeded random input), then the base script's steps."""
        prelude: list[dict[str, Any]] = []
        feed: list[dict[str, Any]] = []
        for axis in self.axes:
            value = variant.choice[axis.name]
            if axis.kind == "set":
                node, _, prop = axis.name.partition(":")
                prelude.append({"do": "set", "node": node, "property": prop, "value": value})
            elif axis.kind == "setting":
                prelude.append({"do": "set", "setting": axis.name, "value": value})
            elif axis.kind == "recording":
                feed = recordings[value]
            elif axis.kind == "seed":
                assert self.random_input is not None
                feed = self.random_input.steps(int(value))
        script = dict(self.script)
        watched = list(script.get("watch", []))
        script["watch"] = watched + [metric for metric in self.metrics if metric not in watched]
        script["steps"] = prelude + feed + list(script.get("steps", []))  # a set runs no frame
        return script


def _recording_steps(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as error:
        raise SweepError(f"recording {path}: cannot read it as JSON ({error}).") from error
    steps = data.get("steps") if isinstance(data, dict) else None
    if not isinstance(steps, list):
        raise SweepError(f"recording {path}: a recording is a playtest script with 'steps'.")
    return [dict(step) for step in steps]


def value_text(value: Any) -> str:
    """A variant's value as the table shows it: a recording by its file name, else its JSON."""
    text = Path(value).name if isinstance(value, str) and value.endswith(".json") else json.dumps(value)
    return text.strip('"')
