""" "Did you mean" for names a client may misspell (tools, arguments), worded as the addon words it
(``contract/name_suggestions.gd``): ``Did you mean 'a', 'b'? `` in front of a hint."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

SHOWN = 5
_CUTOFF = 0.6


def closest(wanted: str, candidates: Iterable[str]) -> list[str]:
    """The candidates most like ``wanted``, best first: the same words in another order, then by
    ``difflib`` similarity, then a case-insensitive prefix either way."""
    names = [name for name in dict.fromkeys(candidates) if name != wanted]
    key = wanted.lower()
    words = sorted(key.split("_"))
    by_lower = {name.lower(): name for name in names}
    reordered = [name for name in names if sorted(name.lower().split("_")) == words]
    similar = [by_lower[match] for match in difflib.get_close_matches(key, list(by_lower), SHOWN, _CUTOFF)]
    prefixed = [
        name for name in names if key and (name.lower().startswith(key) or key.startswith(name.lower()))
    ]
    return list(dict.fromkeys([*reordered, *similar, *prefixed]))[:SHOWN]


def did_you_mean(wanted: str, candidates: Iterable[str]) -> str:
    """``Did you mean 'a', 'b'? `` (with the trailing space), or ``""`` when nothing is close."""
    names = closest(wanted, candidates)
    return f"Did you mean {', '.join(repr(name) for name in names)}? " if names else ""
