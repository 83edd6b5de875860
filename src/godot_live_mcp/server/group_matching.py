"""Matching a request in words ("paint a tile map") against tool groups: their names, keywords and
descriptions, and the names and descriptions of their tools.

Each word of the request scores the best place it matches in a group (a keyword counts more than a
word of a tool's description); groups are taken best first while each adds enough and matches by its
name, a keyword or a tool name (not by descriptions alone), and only when together they account for
at least half of the request's words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from godot_live_mcp.server.surface import ToolGroup

MAX_GROUPS = 3
_MIN_SCORE = 1.5
_MIN_COVERAGE = 0.5
_PARTIAL = 0.6  # a word that only starts the other ("key" and "keyboard")
_WORD = re.compile(r"[a-z0-9]+")
_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_STOP_WORDS_TEXT = (
    "a an and are as at be by can do for from how i in into is it its me my of on or please some "
    "that the them then this to up use using want we what when with you your"
)
_STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split(" "))
# Where a word matched, and what that is worth.
_GROUP_NAME, _NAME_PART, _KEYWORD, _TOOL_NAME, _DESCRIPTION, _TOOL_DESCRIPTION = (
    ("its name", 4.0),
    ("its name", 2.0),
    ("its keywords", 3.0),
    ("a tool name", 2.0),
    ("its description", 1.5),
    ("a tool description", 1.0),
)


@dataclass(frozen=True)
class GroupMatch:
    """How well a request matches one group: a score, the request words it matched and where."""

    group: str
    score: float
    words: frozenset[str]
    reasons: tuple[str, ...]
    named: bool  # a word matched the group's name, a keyword or a tool name


def words(text: str) -> list[str]:
    """The content words of ``text``, lower-cased and stemmed (camelCase and snake_case split)."""
    spaced = _CAMEL.sub(r"\1 \2", text)
    found = _WORD.findall(spaced.lower())
    return [stem(word) for word in found if len(word) > 1 and word not in _STOP_WORDS]


def stem(word: str) -> str:
    """A crude English stem, enough to match "tiles" with "tile" and "painting" with "paint"."""
    for suffix, replacement, shortest in (("ies", "y", 5), ("sses", "ss", 5), ("ing", "", 6), ("ed", "", 5)):
        if word.endswith(suffix) and len(word) >= shortest:
            base = word[: -len(suffix)] + replacement
            doubled = not replacement and base[-1] == base[-2] and base[-1] not in "lsz"
            return base[:-1] if doubled else base
    if word.endswith("s") and not word.endswith("ss") and len(word) >= 4:
        return word[:-1]
    return word


def rank(request: str, groups: Sequence[ToolGroup]) -> list[GroupMatch]:
    """Every group that matches a word of ``request``, best first (ties in catalogue order)."""
    wanted = list(dict.fromkeys(words(request)))
    matches = [_match(wanted, group) for group in groups]
    return sorted((m for m in matches if m.score > 0), key=lambda m: -m.score)


def choose(request: str, ranked: Sequence[GroupMatch]) -> list[GroupMatch]:
    """The groups to load for ``request``: the best, then others that add as much as half of it."""
    wanted = set(words(request))
    chosen: list[GroupMatch] = []
    covered: set[str] = set()
    for match in ranked:
        gain = len(match.words - covered)
        floor = max(_MIN_SCORE, chosen[0].score / 2) if chosen else _MIN_SCORE
        if gain and match.named and match.score >= floor and len(chosen) < MAX_GROUPS:
            chosen.append(match)
            covered |= match.words
    if not wanted or len(covered) < _MIN_COVERAGE * len(wanted):
        return []
    return chosen


def _match(wanted: Iterable[str], group: ToolGroup) -> GroupMatch:
    index = _index(group)
    score, matched, reasons, named = 0.0, set(), [], False
    for word in wanted:
        best = max((_worth(word, known, place) for known, place in index), default=(0.0, "", False))
        if best[0] > 0:
            score += best[0]
            matched.add(word)
            reasons.append(best[1])
            named = named or best[2]
    return GroupMatch(group.name, score, frozenset(matched), tuple(reasons), named)


def _worth(word: str, known: str, place: tuple[str, float]) -> tuple[float, str, bool]:
    label, weight = place
    named = place not in (_DESCRIPTION, _TOOL_DESCRIPTION)
    if word == known:
        return weight, f"'{word}' in {label}", named
    if min(len(word), len(known)) >= 3 and (known.startswith(word) or word.startswith(known)):
        return weight * _PARTIAL, f"'{word}' like '{known}' in {label}", named
    return 0.0, "", False


def _index(group: ToolGroup) -> list[tuple[str, tuple[str, float]]]:
    """Every word of the group with the place it stands in."""
    name_words = words(group.name)
    index = [(word, _GROUP_NAME if len(name_words) == 1 else _NAME_PART) for word in name_words]
    index += [(word, _KEYWORD) for keyword in group.keywords for word in words(keyword)]
    index += [(word, _DESCRIPTION) for word in words(group.description)]
    for entry in group.tools:
        index += [(word, _TOOL_NAME) for word in words(entry.name)]
        index += [(word, _TOOL_DESCRIPTION) for word in words(entry.tool.description or "")]
    return index
