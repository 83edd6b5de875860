"""The fuzz campaign's fixtures: an editor of its own on a project copy with planted links and a canary
outside it, a client driven through a blocking portal, and the figures written when the session ends."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from anyio.from_thread import start_blocking_portal

from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor
from tests.security.campaign import FIGURES_ENV, FIGURES_FILE, Campaign
from tests.security.stage import CANARY, Driver, Stage, digest_of


@pytest.fixture(scope="session")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    figures = Campaign()
    yield figures
    target = os.environ.get(FIGURES_ENV) or str(tmp_path_factory.getbasetemp() / FIGURES_FILE)
    figures.write(Path(target))


@pytest.fixture(scope="session")
def stage(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stage]:
    workspace = tmp_path_factory.mktemp("fuzz")
    project = copy_demo_project(workspace / "project")
    outside = workspace / "outside"
    (outside / "deeper").mkdir(parents=True)
    (outside / "outside_canary.txt").write_text(CANARY, "utf-8")
    (outside / "deeper" / "canary.tscn").write_text(CANARY, "utf-8")
    env = {REGISTRY_DIR_ENV: str(workspace / "registry")}
    # Its log stays out of the session's error check: the campaign provokes engine errors on purpose.
    with start_editor(project, env, workspace / "editor.log", []) as process:
        instance = anyio.run(process.wait_ready, 120.0)
        precious = {
            path: digest_of(path) for path in sorted(project.rglob("*")) if is_precious(project, path)
        }
        plant_links(project, outside)
        yield Stage(
            EngineEditor(
                project, workspace / "registry", process.log_path, env, process, instance, workspace
            ),
            outside,
            precious,
        )


def is_precious(project: Path, path: Path) -> bool:
    """The project's own files; the engine's cache is the engine's."""
    return path.is_file() and path.relative_to(project).parts[0] != ".godot"


def plant_links(project: Path, outside: Path) -> None:
    """Links planted after the editor's first scan, as a hostile project (or process) would."""
    (project / "link_out").symlink_to(outside, target_is_directory=True)
    (project / "canary_link.txt").symlink_to(outside / "outside_canary.txt")
    deep = project / "fuzz" / "deep"
    deep.mkdir(parents=True)
    (deep / "up").symlink_to("..", target_is_directory=True)
    (deep / "self").symlink_to(".", target_is_directory=True)
    (project / "fuzz" / "note.txt").write_text("inside\n", "utf-8")


@pytest.fixture(scope="module")
def driver(stage: Stage) -> Iterator[Driver]:
    with start_blocking_portal() as portal:
        context = portal.wrap_async_context_manager(mcp_client(stage.editor, allow_execute=False))
        with context as client:
            yield Driver(portal, client)
