"""The protocol's facts are written once, in contract.json, and read by both languages: no GDScript or
Python source keeps its own copy of a JSON-RPC error code, a WebSocket close code, a protocol method
name, the timeout clamp or the read-only rule; and every name a reader asks for exists in the contract.

Only the readers (``contract/contract_data.gd``, ``contract/_data.py``) may hold them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from godot_live_mcp.contract import CONTRACT, addon_source_dir

PACKAGE = Path(__file__).resolve().parents[3] / "src" / "godot_live_mcp"
ADDON = addon_source_dir()
READERS = {ADDON / "contract" / "contract_data.gd", PACKAGE / "contract" / "_data.py"}


@dataclass(frozen=True)
class Source:
    path: Path
    lines: tuple[str, ...]  # comments removed


def _without_comment(line: str) -> str:
    return re.sub(r"(^|\s)#.*$", "", line)


def sources() -> Iterator[Source]:
    files = [*ADDON.rglob("*.gd"), *PACKAGE.rglob("*.py")]
    for path in sorted(files):
        if path in READERS or "__pycache__" in path.parts:
            continue
        lines = path.read_text("utf-8").splitlines()
        yield Source(path, tuple(_without_comment(line) for line in lines))


def _quoted(names: list[str]) -> str:
    return "|".join(re.escape(name) for name in names)


# A protocol method whose wire name differs from its role is a copy wherever it is quoted; one named
# like its role ("auth", "ping") only where it is compared or matched, since the role itself is quoted
# to ask the reader.
_DISTINCT = [wire for role, wire in CONTRACT.protocol_methods.items() if wire != role]
_SAME = [wire for role, wire in CONTRACT.protocol_methods.items() if wire == role]
COPIES = {
    "a JSON-RPC error code": re.compile(
        r"(?<![\w.])(" + "|".join(str(code) for code in CONTRACT.jsonrpc_codes.values()) + r")\b"
    ),
    "a WebSocket close code": re.compile(
        r"(?<![\w.])(" + "|".join(str(code) for code in CONTRACT.close_codes.values()) + r")\b"
    ),
    "a protocol method name": re.compile(
        rf"""["']({_quoted(_DISTINCT)})["']|[!=]=\s*["']({_quoted(_SAME)})["']|^\s*["']({_quoted(_SAME)})["']\s*:\s*$"""
    ),
    "the timeout clamp": re.compile(r"""timeouts?_ms\s*[\[(]\s*["'](floor|cap)["']"""),
    "the read-only rule": re.compile(r"\bread_only\b\s+and\s+not\s+\w*destructive\b"),
}


def copies_of(fact: str) -> list[str]:
    pattern = COPIES[fact]
    return [
        f"{source.path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for source in sources()
        for number, line in enumerate(source.lines, 1)
        if pattern.search(line)
    ]


@pytest.mark.parametrize("fact", sorted(COPIES))
def test_no_source_keeps_its_own_copy_of_a_contract_fact(fact: str) -> None:
    found = copies_of(fact)
    assert found == [], (
        f"{len(found)} hard-coded copies of {fact} of contract.json; read it with ContractData "
        "(GDScript) or CONTRACT (Python) instead:\n" + "\n".join(found)
    )


def test_the_scan_sees_a_copy_when_there_is_one() -> None:
    assert COPIES["a JSON-RPC error code"].search("const METHOD_NOT_FOUND := -32601")
    assert COPIES["a WebSocket close code"].search("peer.socket.close(1008, reason)")
    assert COPIES["a protocol method name"].search('\t\t"mcp.catalog":')
    assert COPIES["a protocol method name"].search('if request["method"] != "auth":')
    assert not COPIES["a protocol method name"].search('ContractData.timeout_ms("auth")')
    assert COPIES["the timeout clamp"].search('var cap_ms: int = ContractData.timeout_ms("cap")')
    assert COPIES["the read-only rule"].search("return read_only and not destructive")


READER_CALLS = {
    "protocol_methods": re.compile(r"""(?:protocol_method|method_name|CONTRACT\.method)\(\s*["'](\w+)["']"""),
    "jsonrpc_codes": re.compile(r"""jsonrpc_code\(\s*["'](\w+)["']|jsonrpc_codes\[\s*["'](\w+)["']"""),
    "close_codes": re.compile(r"""close_code\(\s*["'](\w+)["']|close_codes\[\s*["'](\w+)["']"""),
    "timeouts_ms": re.compile(r"""timeout_ms\(\s*["'](\w+)["']|timeouts_ms\[\s*["'](\w+)["']"""),
}


@pytest.mark.parametrize("section", sorted(READER_CALLS))
def test_every_name_a_reader_asks_for_is_in_the_contract(section: str) -> None:
    known = getattr(CONTRACT, section)
    asked = {
        name
        for path in [*ADDON.rglob("*.gd"), *PACKAGE.rglob("*.py")]
        for match in READER_CALLS[section].finditer(path.read_text("utf-8"))
        for name in match.groups()
        if name
    }
    assert asked, f"no reader of {section} found: the pattern is wrong"
    assert asked <= set(known), f"{section} of contract.json lacks {sorted(asked - set(known))}"


def test_the_read_only_rule_counts_read_only_and_destructive_as_mutating() -> None:
    assert CONTRACT.counts_as_read_only({"read_only": True, "destructive": False})
    assert not CONTRACT.counts_as_read_only({"read_only": True, "destructive": True})
    assert not CONTRACT.counts_as_read_only({"read_only": False})


@pytest.mark.parametrize(
    ("given", "expected"),
    [(None, "default"), (0, "default"), (-5, "default"), (True, "default"), (1, "floor"), (10**9, "cap")],
)
def test_the_timeout_clamp(given: object, expected: str) -> None:
    assert CONTRACT.clamp_timeout_ms(given) == CONTRACT.timeouts_ms[expected]
    assert CONTRACT.clamp_timeout_ms(CONTRACT.timeouts_ms["floor"] + 1) == CONTRACT.timeouts_ms["floor"] + 1
