"""Secrets redacted from everything the server hands a client, the way the addon's ``security/scrubber.gd``
redacts what the editor and the game read: the same patterns, from contract.json ``secret_patterns``
(``{secret_words}`` in a pattern stands for contract.json ``secret_words``), and the same
``[REDACTED:<kind>]`` marks. A pattern runs only on text that holds one of its ``triggers`` (lower case):
Python's regular expressions scan slowly where a pattern starts with no literal, and most text holds none."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.contract import addon_source_dir

__all__ = ["holds_secret", "scrub", "scrub_value"]


@dataclass(frozen=True)
class _Rule:
    kind: str
    regex: re.Pattern[str]
    # Group 1 of some patterns is what precedes the secret ("password = "): it stays.
    keep_group: int
    triggers: tuple[str, ...]

    def may_match(self, lowered: str) -> bool:
        return any(map(lowered.__contains__, self.triggers))  # no generator frame: it runs per rule per text

    def redact(self, text: str) -> str:
        def mark(found: re.Match[str]) -> str:
            secret_from = found.end(self.keep_group) if self.keep_group else found.start()
            secret = text[secret_from : found.end()]
            # A secret over several lines keeps its line breaks, so line numbers stay those of the text.
            return text[found.start() : secret_from] + f"[REDACTED:{self.kind}]" + "\n" * secret.count("\n")

        return self.regex.sub(mark, text)


def _contract() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    return raw


def _rules(raw: dict[str, Any]) -> tuple[_Rule, ...]:
    words = str(raw["secret_words"])
    return tuple(
        _Rule(
            str(spec["kind"]),
            re.compile(str(spec["pattern"]).replace("{secret_words}", words)),
            int(spec.get("keep_group", 0)),
            tuple(str(trigger) for trigger in spec["triggers"]),
        )
        for spec in raw["secret_patterns"]
    )


_RAW = _contract()
_RULES = _rules(_RAW)
# A key naming a secret ("password", "apiKey"): its string value is scrubbed as the assignment it is.
_SECRET_KEY = re.compile(r"(?i)(?:\b|_)(?:" + str(_RAW["secret_words"]) + ")")


def scrub(text: str) -> str:
    """``text`` with every secret replaced by ``[REDACTED:<kind>]``."""
    return _scrubbed_text(text) if len(text) <= _REMEMBERED_CHARS else _scrub(text)


def holds_secret(text: str) -> bool:
    """Whether any pattern matches somewhere in ``text``."""
    return _holds(text) if len(text) <= _REMEMBERED_CHARS else _search(text)


def _scrub(text: str) -> str:
    lowered = text.lower()
    for rule in _RULES:
        if rule.may_match(lowered):
            text = rule.redact(text)
    return text


def _search(text: str) -> bool:
    lowered = text.lower()
    return any(rule.may_match(lowered) and rule.regex.search(text) for rule in _RULES)


# The same short texts come back call after call (an editor's info, names, a result read again), so
# their answers are remembered; a bounded memory: at most this many texts, each at most this long.
_REMEMBERED_TEXTS = 2048
_REMEMBERED_CHARS = 4096
_scrubbed_text = lru_cache(maxsize=_REMEMBERED_TEXTS)(_scrub)
_holds = lru_cache(maxsize=_REMEMBERED_TEXTS)(_search)


def scrub_value(value: JsonValue) -> JsonValue:
    """``value`` with every string in it scrubbed, keys included, and the string under a key that names
    a secret (``{"password": "hunter22"}``) scrubbed as that assignment; its shape kept (the same
    object when nothing in it is a secret)."""
    texts: list[str] = []
    if not _collect(value, texts) and not holds_secret("\n".join(texts)):
        return value
    return _scrubbed(value)


def _collect(value: JsonValue, texts: list[str]) -> bool:
    """Gathers the strings of ``value`` into ``texts``; True when a key naming a secret holds a string."""
    if isinstance(value, str):
        texts.append(value)
    elif isinstance(value, list):
        return any([_collect(item, texts) for item in value])
    elif isinstance(value, dict):
        texts.extend(value)
        keyed = [isinstance(item, str) and _SECRET_KEY.search(key) is not None for key, item in value.items()]
        return any([_collect(item, texts) for item in value.values()]) or any(keyed)
    return False


def _scrubbed(value: JsonValue) -> JsonValue:
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, list):
        return [_scrubbed(item) for item in value]
    if isinstance(value, dict):
        return {scrub(key): _keyed(key, item) for key, item in value.items()}
    return value


def _keyed(key: str, value: JsonValue) -> JsonValue:
    if not isinstance(value, str) or _SECRET_KEY.search(key) is None or '"' in value:
        return _scrubbed(value)
    assignment = f'{key} = "{value}"'
    scrubbed = scrub(assignment)
    if scrubbed == assignment:
        return scrub(value)
    prefix = f'{key} = "'
    if scrubbed.startswith(prefix) and scrubbed.endswith('"'):
        return scrubbed[len(prefix) : -1]
    return "[REDACTED:assignment]"
