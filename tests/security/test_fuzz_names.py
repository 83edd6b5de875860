"""Fuzz: generated node paths and node names.

A node path escapes when it reaches a node outside the edited scene (the editor's own interface); a
name escapes when a node is created or renamed to one with control or bidirectional-override
characters."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import CallOutcome, Driver, call_outcome
from tests.security.strategies import node_name, node_path

pytestmark = pytest.mark.engine

CALL_TIMEOUT_S = 10.0
FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
PATHS = "names: node paths"
NAMES = "names: node names"
_BIDI = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"}


class Scene:
    """The names of the edited scene's nodes, and the fuzz's own parent node."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.names: set[str] = set()
        self.target = "FuzzTarget"

    def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = self.driver.run(lambda: self.driver.client.call_tool(tool, arguments), CALL_TIMEOUT_S)
        assert not result.is_error, result
        assert isinstance(result.structured_content, dict)
        return result.structured_content

    def read(self) -> None:
        tree = self.call("scene_get_tree", {"limit": 10_000, "detail": "full"})
        self.names |= {str(node["name"]) for node in tree["nodes"]}


@pytest.fixture(scope="module")
def scene(driver: Driver) -> Scene:
    scene = Scene(driver)
    scene.call("node_create", {"class_name": "Node", "name": "FuzzRoot"})
    scene.call("node_create", {"class_name": "Node", "name": "FuzzTarget", "parent": "FuzzRoot"})
    scene.read()
    return scene


def unsafe(name: str) -> bool:
    return any(unicodedata.category(char) == "Cc" or char in _BIDI for char in name)


@given(path=node_path)
@settings(FUZZ, max_examples=examples(80))
def test_fuzz_node_paths_stay_in_the_edited_scene(
    driver: Driver, scene: Scene, campaign: Campaign, path: str
) -> None:
    if driver.stuck:
        return
    answer = call_outcome(driver, "node_get", {"node_path": path, "names": ["name"]}, CALL_TIMEOUT_S)
    outcome = answer.outcome
    if outcome is Outcome.ACCEPTED and answer.data.get("name") not in scene.names:
        outcome = Outcome.ESCAPE
    campaign.record(PATHS, outcome, f"node_get {path!r}")


@given(name=node_name)
@settings(FUZZ, max_examples=examples(60))
def test_fuzz_node_names_are_checked(driver: Driver, scene: Scene, campaign: Campaign, name: str) -> None:
    if driver.stuck:
        return
    create = {"class_name": "Node", "name": name, "parent": "FuzzRoot"}
    created = call_outcome(driver, "node_create", create, CALL_TIMEOUT_S)
    campaign.record(NAMES, named(created, scene), f"node_create {name!r}")
    rename = {"node_path": f"FuzzRoot/{scene.target}", "new_name": name}
    renamed = call_outcome(driver, "node_rename", rename, CALL_TIMEOUT_S)
    if renamed.outcome is Outcome.ACCEPTED:
        scene.target = str(renamed.data.get("name", scene.target))
    campaign.record(NAMES, named(renamed, scene), f"node_rename {name!r}")


def named(answer: CallOutcome, scene: Scene) -> Outcome:
    """A node now carries the name the editor reports: an escape when it is unsafe."""
    if answer.outcome is not Outcome.ACCEPTED:
        return answer.outcome
    given = str(answer.data.get("name", ""))
    scene.names.add(given)
    return Outcome.ESCAPE if unsafe(given) else Outcome.ACCEPTED


def test_the_name_campaign_found_nothing(campaign: Campaign) -> None:
    for name in (PATHS, NAMES):
        tally = campaign.tally(name)
        assert tally.tried > 0, name
        assert tally.failures == 0, (name, tally.examples)
