"""Regression (CI, stop 37): two editors opened on one project at the same moment could take one
registry entry and token file. An editor named its files "<hash>" when it found no live editor of the
project there, else "<hash>.<pid>"; two editors starting together both found none, the later write won,
and the other editor was never listed (its launcher waited in vain) nor reachable (its token was
overwritten). An editor now always names its files by its pid, so no look comes before the write."""

from __future__ import annotations

import pytest

from tests.engine.harness import EngineEditor

pytestmark = pytest.mark.engine


def test_an_editor_alone_on_its_project_names_its_entry_and_token_by_its_pid(
    engine_editor: EngineEditor,
) -> None:
    instance = engine_editor.instance
    stem = f"{instance.project_hash}.{instance.pid}"
    entries = {path.name for path in (engine_editor.registry / "entries").glob(f"{instance.project_hash}*")}

    assert f"{stem}.json" in entries
    assert f"{instance.project_hash}.json" not in entries
    assert instance.token_path == engine_editor.registry / "tokens" / f"{stem}.token"
