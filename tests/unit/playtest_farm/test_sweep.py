"""A sweep's variants and the script each run plays: the axes combined in a fixed order, property and
setting changes first, then the variant's input, then the base script's steps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from godot_live_mcp.playtest_farm import Axis, RandomInput, Sweep, SweepError

BASE: dict[str, Any] = {
    "watch": ["GameState.score"],
    "steps": [{"do": "assert", "condition": "GameState.score == 3"}],
}


def test_a_product_runs_every_combination_in_axis_order() -> None:
    sweep = Sweep(BASE, [Axis("set", "Player:speed", (150, 180)), Axis("seed", "seed", (1, 2))])
    assert [v.label() for v in sweep.variants()] == [
        "Player:speed=150 seed=1",
        "Player:speed=150 seed=2",
        "Player:speed=180 seed=1",
        "Player:speed=180 seed=2",
    ]


def test_a_list_pairs_the_values_up_and_refuses_axes_of_unequal_length() -> None:
    axes = [
        Axis("set", "Player:speed", (150, 180)),
        Axis("setting", "physics/2d/default_gravity", (980, 1200)),
    ]
    assert [v.choice for v in Sweep(BASE, axes, "list").variants()] == [
        {"Player:speed": 150, "physics/2d/default_gravity": 980},
        {"Player:speed": 180, "physics/2d/default_gravity": 1200},
    ]
    with pytest.raises(SweepError, match="as many values"):
        Sweep(BASE, [*axes, Axis("seed", "seed", (1,))], "list").variants()


def test_no_axis_is_one_run_of_the_base_script() -> None:
    (only,) = Sweep(BASE).variants()
    assert only.label() == "base"
    assert Sweep(BASE).runs()[0][1]["steps"] == BASE["steps"]


def test_a_run_sets_first_then_feeds_its_recording_then_plays_the_base_steps(tmp_path: Path) -> None:
    recording = tmp_path / "walk.json"
    fed = [{"do": "press", "action": "move_right", "at": 0}, {"do": "step", "frames": 60}]
    recording.write_text(json.dumps({"steps": fed}))
    axes = [
        Axis("set", "Player:speed", (210,)),
        Axis("setting", "game/lives", (5,)),
        Axis("recording", "recording", (str(recording),)),
    ]
    sweep = Sweep(BASE, axes, metrics=["$Player.position.x", "GameState.score"])
    ((variant, script),) = sweep.runs()
    assert script["steps"] == [
        {"do": "set", "node": "Player", "property": "speed", "value": 210},
        {"do": "set", "setting": "game/lives", "value": 5},
        *fed,
        *BASE["steps"],
    ]
    assert script["watch"] == ["GameState.score", "$Player.position.x"]  # a metric is watched once
    assert variant.label() == "Player:speed=210 game/lives=5 recording=walk.json"


def test_a_recording_that_is_no_script_is_refused_by_its_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    sweep = Sweep(BASE, [Axis("recording", "recording", (str(bad),))])
    with pytest.raises(SweepError, match=r"bad\.json: a recording is a playtest script"):
        sweep.runs()


def test_a_seed_gives_the_same_input_every_time_and_another_seed_other_input() -> None:
    policy = RandomInput(("move_left", "move_right", "jump"), every=10, hold=(1, 30), frames=300)
    assert policy.steps(7) == policy.steps(7)
    assert policy.steps(7) != policy.steps(8)


def test_random_input_is_in_frame_order_releases_first_and_runs_its_frames() -> None:
    steps = RandomInput(("jump",), every=5, hold=(5, 5), frames=20).steps(1)
    timed = [(s["at"], s["do"]) for s in steps if "at" in s]
    assert timed == sorted(timed, key=lambda t: (t[0], t[1] != "release"))
    assert timed[0] == (0, "press")
    assert timed.index((5, "release")) < timed.index((5, "press"))
    assert steps[-1] == {"do": "release", "action": "jump", "at": 20}  # the last hold ends at frame 20
    short = RandomInput(("jump",), every=5, hold=(1, 1), frames=20).steps(1)
    assert short[-2:] == [{"do": "release", "action": "jump", "at": 16}, {"do": "step", "frames": 4}]


def test_a_policy_without_actions_or_with_a_bad_hold_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one action"):
        RandomInput(())
    with pytest.raises(ValueError, match="hold"):
        RandomInput(("jump",), hold=(5, 2))


def test_every_run_script_is_made_before_any_game_and_a_bad_recording_stops_the_sweep(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps({"steps": [{"do": "step", "frames": 5}]}))
    bad.write_text("{}")
    sweep = Sweep(BASE, [Axis("recording", "recording", (str(good),)), Axis("set", "Player:speed", (1, 2))])
    assert [script["steps"][1] for _, script in sweep.runs()] == [{"do": "step", "frames": 5}] * 2
    with pytest.raises(SweepError, match=r"bad\.json"):
        Sweep(BASE, [Axis("recording", "recording", (str(good), str(bad)))]).runs()


def test_an_axis_needs_values_and_a_property_axis_names_its_node() -> None:
    assert Axis.of("set", "Player:speed", [150, 210]) == Axis("set", "Player:speed", (150, 210))
    with pytest.raises(SweepError, match="give a list of values"):
        Axis.of("setting", "game/lives", [])
    with pytest.raises(SweepError, match="NODE:PROPERTY"):
        Axis.of("set", "speed", [1])


def test_a_recording_and_random_input_do_not_share_a_run() -> None:
    axes = [Axis("recording", "recording", ("a.json",)), Axis("seed", "seed", (1,))]
    with pytest.raises(SweepError, match="not both"):
        Sweep(BASE, axes, random_input=RandomInput(("jump",))).variants()
