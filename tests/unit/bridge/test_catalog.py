from __future__ import annotations

import pytest

from godot_live_mcp.bridge.catalog import CommandAnnotations, parse_catalog, parse_command
from godot_live_mcp.contract import CONTRACT
from tests.unit.fakes.fake_editor import command


def test_catalog_keeps_command_order_and_version() -> None:
    catalog = parse_catalog({"catalog_version": 4, "commands": [command("b.one"), command("a.two")]})
    assert catalog.version == 4
    assert [spec.name for spec in catalog.commands] == ["b.one", "a.two"]


def test_malformed_entries_are_skipped_not_fatal() -> None:
    catalog = parse_catalog(
        {"catalog_version": 1, "commands": [{"description": "nameless"}, 5, command("ok.one")]}
    )
    assert [spec.name for spec in catalog.commands] == ["ok.one"]


def test_a_catalog_that_is_not_an_object_is_an_error() -> None:
    with pytest.raises(ValueError, match="object"):
        parse_catalog([])


def test_group_and_owner_are_read() -> None:
    spec = parse_command(
        command(
            "x.do", group={"name": "x", "description": "X things", "keywords": ["k"]}, owner="extension:X"
        )
    )
    assert spec.group is not None
    assert spec.group.keywords == ("k",)
    assert spec.is_extension


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(None, "default"), (0, "default"), (-5, "default"), (10, "floor"), (10**9, "cap"), (45000, None)],
)
def test_timeout_follows_the_contract_limits(raw: int | None, expected: str | None) -> None:
    spec = parse_command({**command("x.do"), "timeout_ms": raw})
    assert spec.timeout_ms == (CONTRACT.timeouts_ms[expected] if expected else raw)


def test_read_only_and_destructive_together_count_as_mutating() -> None:
    assert CommandAnnotations(read_only=True, destructive=True).mutating
    assert not CommandAnnotations(read_only=True).mutating
