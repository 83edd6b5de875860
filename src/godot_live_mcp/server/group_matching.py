"""Matching a request in words ("paint a tile map") against tool groups: their names, keywords and
descriptions, and the names and descriptions of their tools.

Each word of the request scores the best place it matches in a group (a keyword counts more than a
word of a tool's description; a keyword phrase such as "running game" as much as the group's name),
scaled down when many groups use the word ("game", "scene"). The best group is taken first; then, while
there is room, the group that adds the most by its name, keywords and tool names (a word counts by how
much better it matches there than in the groups taken), when that is about a keyword's worth.
Descriptions rank groups but never add one. The answer stands when it accounts for half of the
request's words, or its best group was named by a telling word, or matched two by name or keyword.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from godot_live_mcp.server.surface import ToolGroup

MAX_GROUPS = 3
_MIN_SCORE = 1.5
_MIN_GAIN = 2.5  # what a group after the first must add: about a keyword, or two tool names
_MIN_COVERAGE = 0.5
_WEAK_COVER = 0.5
_COMMON = 8  # a word that one group in this many uses counts fully; a commoner one less
_SURE_WORDS = 2  # words matched by name or keyword that make an answer stand whatever its coverage
_PARTIAL = 0.6  # a word that only starts the other ("key" and "keyboard")
_WORD = re.compile(r"[a-z0-9]+")
_CAMEL = re.compile(r"([a-z])([A-Z])")
_DIMENSIONS = re.compile(r"(?<=[A-Za-z])(?=[23][dD]\b)")  # Path2D, Node3D: "path 2d", "node 3d"
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
_PHRASE = ("its keywords", 4.0)

_Index = list[tuple[str, tuple[str, float]]]  # (word, place)
_Worth = tuple[str, float]  # (word, what it is worth)
_NAMED = (_GROUP_NAME, _NAME_PART, _KEYWORD, _TOOL_NAME)


@dataclass(frozen=True)
class GroupMatch:
    """How well a request matches one group: a score, the request words it matched and where."""

    group: str
    score: float
    words: frozenset[str]
    reasons: tuple[str, ...]
    named: bool  # a word matched the group's name, a keyword or a tool name
    strong: tuple[_Worth, ...] = ()  # the words matched by name, keyword or tool name
    weak: tuple[_Worth, ...] = ()  # the words matched by descriptions only

    def gain(self, covered: dict[str, float]) -> float:
        """What this group adds by name, keywords and tool names over the ``covered`` worth of each word."""
        return sum(max(0.0, worth - covered.get(word, 0.0)) for word, worth in self.strong)

    @property
    def sure(self) -> bool:
        """Whether it stands alone: a telling word named the group, or two matched its name or keywords."""
        telling = [worth for _, worth in self.strong if worth >= _KEYWORD[1]]
        return len(telling) >= _SURE_WORDS or any(worth > _KEYWORD[1] for worth in telling)


def words(text: str) -> list[str]:
    """The content words of ``text``, lower-cased and stemmed (camelCase and snake_case split)."""
    spaced = _CAMEL.sub(r"\1 \2", _DIMENSIONS.sub(" ", text))
    found = _WORD.findall(spaced.lower())
    return [stem(word) for word in found if len(word) > 1 and word not in _STOP_WORDS]


def stem(word: str) -> str:
    """A crude English stem, enough to match "tiles" with "tile" and "painting" with "paint"."""
    for suffix, replacement, shortest in (("ies", "y", 5), ("sses", "ss", 5), ("ing", "", 6), ("ed", "", 5)):
        if word.endswith(suffix) and len(word) >= shortest:
            base = word[: -len(suffix)] + replacement
            doubled = not replacement and base[-1] == base[-2] and base[-1] not in "lsz"
            return base[:-1] if doubled else base
    if word.endswith("s") and not word.endswith(("ss", "us", "is", "as")) and len(word) >= 4:
        return word[:-1]
    return word


def rank(request: str, groups: Sequence[ToolGroup]) -> list[GroupMatch]:
    """Every group that matches a word of ``request``, best first (ties in catalogue order)."""
    sequence = words(request)
    indexes = [_index(group) for group in groups]
    rarity = _rarity(dict.fromkeys(sequence), indexes)
    matches = [_match(sequence, group, index, rarity) for group, index in zip(groups, indexes, strict=True)]
    return sorted((m for m in matches if m.score > 0), key=lambda m: -m.score)


def choose(request: str, ranked: Sequence[GroupMatch]) -> list[GroupMatch]:
    """The groups to load for ``request``: the best, then those that add the most over it."""
    first = next(iter(ranked), None)
    if first is None or not first.named or first.score < _MIN_SCORE:
        return []
    chosen, covered = [first], _covered({}, first)
    while len(chosen) < MAX_GROUPS and (extra := _most_added(ranked, chosen, covered)) is not None:
        chosen.append(extra)
        covered = _covered(covered, extra)
    matched = set().union(*(match.words for match in chosen))
    if len(matched) < _MIN_COVERAGE * len(set(words(request))) and not first.sure:
        return []
    return chosen


def _most_added(
    ranked: Sequence[GroupMatch], chosen: list[GroupMatch], covered: dict[str, float]
) -> GroupMatch | None:
    """The group not chosen that adds the most over ``covered`` (ties: the higher ranked), if enough."""
    best = max(
        (match for match in ranked if match not in chosen), key=lambda m: m.gain(covered), default=None
    )
    return best if best is not None and best.gain(covered) >= _MIN_GAIN else None


def _covered(covered: dict[str, float], match: GroupMatch) -> dict[str, float]:
    """``covered`` with the words ``match`` explains; those only its descriptions explain count half,
    so another group that names them still adds."""
    more = (*match.strong, *((word, worth * _WEAK_COVER) for word, worth in match.weak))
    return covered | {word: max(worth, covered.get(word, 0.0)) for word, worth in more}


def _rarity(wanted: Iterable[str], indexes: Sequence[_Index]) -> dict[str, float]:
    """How telling each word is: 1 when few groups use it, less the more do ("game", "scene", "list")."""
    rarity = {}
    for word in wanted:
        used = sum(any(known == word for known, _ in index) for index in indexes)
        rarity[word] = min(1.0, math.log(len(indexes) / used) / math.log(_COMMON)) if used else 1.0
    return rarity


def _match(sequence: Sequence[str], group: ToolGroup, index: _Index, rarity: dict[str, float]) -> GroupMatch:
    phrased = _phrases_found(sequence, group)
    score, matched, reasons = 0.0, set(), []
    strong: list[_Worth] = []
    weak: list[_Worth] = []
    by_name = [item for item in index if item[1] in _NAMED]
    for word in dict.fromkeys(sequence):
        best = phrased.get(word) or _best(word, index, rarity[word])
        named = phrased.get(word) or _best(word, by_name, rarity[word])
        if best[0] > 0:
            score += best[0]
            matched.add(word)
            reasons.append(best[1])
            (strong if named[0] > 0 else weak).append((word, named[0] or best[0]))
    found = frozenset(matched)
    reasons = list(dict.fromkeys(reasons))  # a phrase is one reason, whatever its words
    return GroupMatch(group.name, score, found, tuple(reasons), bool(strong), tuple(strong), tuple(weak))


def _phrases_found(sequence: Sequence[str], group: ToolGroup) -> dict[str, tuple[float, str]]:
    """The words of ``sequence`` that stand in one of the group's keyword phrases ("running game"),
    worth its name: a phrase says more than its words."""
    found: dict[str, tuple[float, str]] = {}
    for keyword in group.keywords:
        phrase = words(keyword)
        size = len(phrase)
        if size > 1 and any(list(sequence[at : at + size]) == phrase for at in range(len(sequence))):
            found |= {word: (_PHRASE[1], f"'{keyword}' in {_PHRASE[0]}") for word in phrase}
    return found


def _best(word: str, index: _Index, rarity: float) -> tuple[float, str]:
    worth, reason = max((_worth(word, known, place) for known, place in index), default=(0.0, ""))
    return worth * rarity, reason


def _worth(word: str, known: str, place: tuple[str, float]) -> tuple[float, str]:
    label, weight = place
    if word == known:
        return weight, f"'{word}' in {label}"
    if min(len(word), len(known)) >= 3 and (known.startswith(word) or word.startswith(known)):
        return weight * _PARTIAL, f"'{word}' like '{known}' in {label}"
    return 0.0, ""


def _index(group: ToolGroup) -> _Index:
    """Every word of the group with the place it stands in."""
    name_words = words(group.name)
    index = [(word, _GROUP_NAME if len(name_words) == 1 else _NAME_PART) for word in name_words]
    index += [(word, _KEYWORD) for keyword in group.keywords for word in words(keyword)]
    index += [(word, _DESCRIPTION) for word in words(group.description)]
    for entry in group.tools:
        index += [(word, _TOOL_NAME) for word in words(entry.name)]
        index += [(word, _TOOL_DESCRIPTION) for word in words(entry.tool.description or "")]
    return index
