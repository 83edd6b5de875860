"""Secrets redacted from text the server reads itself (such as a launched editor's log), the way the
addon's ``security/scrubber.gd`` redacts what the editor and the game read: the same patterns, from
contract.json ``secret_patterns``, and the same ``[REDACTED:<kind>]`` marks."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from godot_live_mcp.contract import addon_source_dir

__all__ = ["scrub"]


@dataclass(frozen=True)
class _Rule:
    kind: str
    regex: re.Pattern[str]
    # Group 1 of some patterns is what precedes the secret ("password = "): it stays.
    keep_group: int

    def redact(self, text: str) -> str:
        def mark(found: re.Match[str]) -> str:
            secret_from = found.end(self.keep_group) if self.keep_group else found.start()
            secret = text[secret_from : found.end()]
            # A secret over several lines keeps its line breaks, so line numbers stay those of the text.
            return text[found.start() : secret_from] + f"[REDACTED:{self.kind}]" + "\n" * secret.count("\n")

        return self.regex.sub(mark, text)


def _rules() -> tuple[_Rule, ...]:
    raw = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    return tuple(
        _Rule(str(spec["kind"]), re.compile(str(spec["pattern"])), int(spec.get("keep_group", 0)))
        for spec in raw["secret_patterns"]
    )


_RULES = _rules()


def scrub(text: str) -> str:
    """``text`` with every secret replaced by ``[REDACTED:<kind>]``."""
    for rule in _RULES:
        text = rule.redact(text)
    return text
