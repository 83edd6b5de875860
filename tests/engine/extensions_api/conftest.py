"""Fixtures of the extension tests: a module-wide client that hears tools/list_changed, and a folder of
the session project per test for the extension scripts it plants (deleted, and its extensions withdrawn,
when the test ends)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from tests.engine.extensions_api._session import Plot, Session, clear_plot, plot_for, session
from tests.engine.harness import EngineEditor


@pytest.fixture(scope="module")
async def live(engine_editor: EngineEditor) -> AsyncIterator[Session]:
    async with session(engine_editor) as client:
        yield client


@pytest.fixture
async def plot(
    request: pytest.FixtureRequest, engine_editor: EngineEditor, live: Session
) -> AsyncIterator[Plot]:
    name = re.sub(r"[^A-Za-z0-9_]", "_", request.node.name)
    folder = plot_for(engine_editor.project, f"tests_tmp/extensions_api/{name}")
    yield folder
    await clear_plot(folder, live)


@pytest.fixture
async def content_addon(engine_editor: EngineEditor, live: Session) -> AsyncIterator[Plot]:
    """res://addons/extapi_content/: an addon folder without plugin.cfg (a content addon, always searched)."""
    folder = plot_for(engine_editor.project, "addons/extapi_content")
    yield folder
    await clear_plot(folder, live)


@pytest.fixture
async def disabled_addon(engine_editor: EngineEditor, live: Session) -> AsyncIterator[Plot]:
    """res://addons/extapi_disabled/: an addon with a plugin.cfg that the project does not enable."""
    folder = plot_for(engine_editor.project, "addons/extapi_disabled")
    folder.plant(
        "plugin.cfg", '[plugin]\n\nname="Disabled"\ndescription=""\nauthor=""\nversion="1"\nscript=""\n'
    )
    yield folder
    await clear_plot(folder, live)
