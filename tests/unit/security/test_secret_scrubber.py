"""The server's scrubber: the same patterns as the addon's (tests/gdscript/secret_samples.json is read by
both unit tests), and every string of a structured value, keys and secret-named fields included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from godot_live_mcp.security.secret_scrubber import _RULES, scrub, scrub_value

_SAMPLES = json.loads((Path(__file__).parents[2] / "gdscript" / "secret_samples.json").read_text("utf-8"))


@pytest.mark.parametrize(("text", "secret"), _SAMPLES["redacted"])
def test_each_sample_secret_is_redacted_and_its_context_kept(text: str, secret: str) -> None:
    scrubbed = scrub(f"before\n{text}\nafter")
    assert secret not in scrubbed
    assert "[REDACTED:" in scrubbed
    assert scrubbed.startswith("before\n")
    assert scrubbed.endswith("\nafter")
    assert scrubbed.count("\n") == text.count("\n") + 2  # line numbers stay those of the text


@pytest.mark.parametrize("text", _SAMPLES["kept"])
def test_near_misses_are_left_as_they_are(text: str) -> None:
    assert scrub(text) == text


def test_a_redaction_is_stable_when_scrubbed_again() -> None:
    once = scrub('const API_KEY: String = "abcd1234efgh5678"\n<user password="hunter22"/>')
    assert scrub(once) == once
    assert "[REDACTED:assignment]" in once


def test_every_string_of_a_value_is_scrubbed_keys_included_and_its_shape_kept() -> None:
    github = "ghp_" + "b" * 36
    value = scrub_value({"list": ["ok", 1, f"x {github}"], github: True, "nested": {"n": None}})
    assert value == {
        "list": ["ok", 1, "x [REDACTED:github_token]"],
        "[REDACTED:github_token]": True,
        "nested": {"n": None},
    }


def test_a_field_named_for_a_secret_is_scrubbed_as_its_assignment() -> None:
    value = scrub_value({"password": "hunter22abc", "apiKey": "abcd1234efgh", "name": "hunter22abc"})
    assert value == {
        "password": "[REDACTED:assignment]",
        "apiKey": "[REDACTED:assignment]",
        "name": "hunter22abc",
    }


def test_a_short_or_spaced_value_under_a_secret_name_is_left_as_the_assignment_rule_leaves_it() -> None:
    assert scrub_value({"password": "abc", "password_hint": "your first pet"}) == {
        "password": "abc",
        "password_hint": "your first pet",
    }


def test_the_triggers_skip_no_secret() -> None:
    """A pattern runs only where one of its triggers is: scrubbing the samples and the addon's own
    scripts with every pattern run everywhere gives the same text."""
    addon = Path(__file__).parents[3] / "src" / "godot_live_mcp" / "addon"
    texts = [text for text, _ in _SAMPLES["redacted"]] + [p.read_text("utf-8") for p in addon.rglob("*.gd")][
        :40
    ]
    for text in texts:
        unfiltered = text
        for rule in _RULES:
            unfiltered = rule.redact(unfiltered)
        assert scrub(text) == unfiltered
