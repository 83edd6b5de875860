"""The headless Godot of an export registered like an editor: for a second the server saw "2 Godot
editors are live", every editor tool gained a project argument and clients got two list_changed.
Helper processes (exports, imports, test runs) never register."""

from __future__ import annotations

import pytest

from tests.regressions._exported_demo import ExportedDemo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_the_registry_gains_no_entry_while_an_export_runs(exported_demo: ExportedDemo) -> None:
    assert exported_demo.registry_files_created == []
    assert exported_demo.live_editors_after == 1  # the session's editor, alone
