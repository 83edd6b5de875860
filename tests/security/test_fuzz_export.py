"""Fuzz: export presets written with hostile paths and filters (traversal, absolute paths, links,
newlines that would inject a section or a key). An escape is a preset file that holds more presets
than were made (an injected section), a preset whose export path leads out of the project, or any
change outside it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import Driver, Stage, call_outcome
from tests.security.strategies import hostile_path

pytestmark = pytest.mark.engine

CATEGORY = "export: preset paths and filters"
CALL_TIMEOUT_S = 15.0
_SECTION = re.compile(r"^\[preset\.\d+\]\s*$", re.MULTILINE)
_EXPORT_PATH = re.compile(r'^export_path\s*=\s*"((?:[^"\\]|\\.)*)"', re.MULTILINE)
_INJECTIONS = [
    '*.json\n[preset.9]\nexport_path="../outside/victim.sh"\n[x',
    '*.json"\nexport_path="../outside/x.pck',
    "keys/*,*.pem,.env",
    "*\r\n[preset.8]",
    "*\x00",
    "*.txt\\\n[preset.7]",
]
_PATHS = ["../outside/x.pck", "/tmp/x.pck", "link_out/x.pck", "build/../../x.pck", "~/x.pck", "..\\x.pck"]
export_path = st.one_of(st.sampled_from(_PATHS), hostile_path, st.sampled_from(_INJECTIONS))
export_filter = st.one_of(st.sampled_from(_INJECTIONS), st.text(max_size=30), hostile_path)


@pytest.fixture(autouse=True)
def no_presets(stage: Stage) -> Iterator[None]:
    (stage.project / "export_presets.cfg").unlink(missing_ok=True)
    yield
    (stage.project / "export_presets.cfg").unlink(missing_ok=True)


@given(path=export_path, include=export_filter, exclude=export_filter)
@settings(
    max_examples=examples(60),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_fuzz_presets_never_lead_out_of_the_project(
    driver: Driver, stage: Stage, campaign: Campaign, path: str, include: str, exclude: str
) -> None:
    if driver.stuck:
        return
    presets = stage.project / "export_presets.cfg"
    presets.unlink(missing_ok=True)
    outside_before = stage.outside_state()
    arguments = {
        "name": "fuzz",
        "export_path": path,
        "include_filter": include,
        "exclude_filter": exclude,
        "if_exists": "replace",
    }
    outcome = call_outcome(driver, "export_create_preset", arguments, CALL_TIMEOUT_S).outcome
    text = presets.read_text("utf-8", errors="replace") if presets.exists() else ""
    if stage.outside_state() != outside_before or len(_SECTION.findall(text)) > 1 or leads_out(stage, text):
        outcome = Outcome.ESCAPE
    campaign.record(CATEGORY, outcome, f"export_path={path!r} include={include!r} exclude={exclude!r}")


def leads_out(stage: Stage, text: str) -> bool:
    root = stage.project.resolve()
    for raw in _EXPORT_PATH.findall(text):
        target = (stage.project / raw.replace('\\"', '"')).resolve()
        if raw.startswith("/") or not target.is_relative_to(root):
            return True
    return False


def test_the_export_campaign_found_nothing(campaign: Campaign) -> None:
    tally = campaign.tally(CATEGORY)
    assert tally.tried > 0
    assert tally.failures == 0, tally.examples
