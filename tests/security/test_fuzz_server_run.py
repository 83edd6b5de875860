"""Fuzz: the tools the server runs itself with a path of the project: the language server's
(``lsp_*``) and the project's tests (``test_list``). An escape is an answer that shows the canary kept
outside the project (read through a link, a traversal or an absolute path), or any change outside it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import CANARY, Driver, Stage, call_outcome
from tests.security.strategies import hostile_path

pytestmark = pytest.mark.engine

LSP = "language server: paths"
TESTS = "test: paths of the project's tests"
CALL_TIMEOUT_S = 30.0
FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
script_path = st.one_of(hostile_path, hostile_path.map(lambda path: path.rstrip("/") + ".gd"))
LSP_CALLS: list[tuple[str, Callable[[str], dict[str, Any]]]] = [
    ("lsp_hover", lambda path: {"path": path, "line": 1, "column": 1}),
    ("lsp_definition", lambda path: {"path": path, "line": 1, "column": 1}),
    ("lsp_symbols", lambda path: {"path": path}),
    ("lsp_symbols", lambda path: {"query": path[-12:] or "a"}),
    ("lsp_diagnostics", lambda path: {"path": path}),
]


@pytest.fixture(scope="module", autouse=True)
def canary_script(stage: Stage) -> None:
    """A script outside the project whose constant is the canary, and a link to it inside."""
    (stage.outside / "canary.gd").write_text(f'extends Node\nconst CANARY := "{CANARY}"\n', "utf-8")
    link = stage.project / "fuzz" / "canary_script.gd"
    if not link.is_symlink():
        link.symlink_to(stage.outside / "canary.gd")


def outcome_of(stage: Stage, driver: Driver, tool: str, arguments: dict[str, Any]) -> Outcome:
    before = stage.outside_state()
    answer = call_outcome(driver, tool, arguments, CALL_TIMEOUT_S)
    if CANARY in answer.text or stage.outside_state() != before:
        return Outcome.ESCAPE
    return answer.outcome


@given(index=st.integers(min_value=0, max_value=len(LSP_CALLS) - 1), path=script_path)
@settings(FUZZ, max_examples=examples(50))
def test_fuzz_language_server_paths_stay_in_the_project(
    driver: Driver, stage: Stage, campaign: Campaign, index: int, path: str
) -> None:
    if driver.stuck:
        return
    tool, arguments = LSP_CALLS[index]
    campaign.record(LSP, outcome_of(stage, driver, tool, arguments(path)), f"{tool} {path!r}")


def test_the_canary_link_itself_is_never_read_by_the_language_server(
    driver: Driver, stage: Stage, campaign: Campaign
) -> None:
    for tool, arguments in LSP_CALLS:
        outcome = outcome_of(stage, driver, tool, arguments("res://fuzz/canary_script.gd"))
        campaign.record(LSP, outcome, f"{tool} res://fuzz/canary_script.gd")


@given(path=hostile_path)
@settings(FUZZ, max_examples=examples(30))
def test_fuzz_test_listing_paths_stay_in_the_project(
    driver: Driver, stage: Stage, campaign: Campaign, path: str
) -> None:
    if driver.stuck:
        return
    campaign.record(TESTS, outcome_of(stage, driver, "test_list", {"path": path}), f"test_list {path!r}")


def test_the_server_run_campaign_found_nothing(campaign: Campaign) -> None:
    for name in (LSP, TESTS):
        tally = campaign.tally(name)
        assert tally.tried > 0, name
        assert tally.failures == 0, (name, tally.examples)
