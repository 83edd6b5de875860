"""Fuzz: a Python plugin's context calling what its permissions forbid (code execution without the
person's ``--allow-execute``, project files without ``files``, the editor without ``editor``, the game
without ``runtime``), over the server's own link to the campaign's editor. An escape is a forbidden call
that succeeded, was refused only past the permission check, or left its side effect (a marker file)."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.contract import ActionableError
from godot_live_mcp.plugins import Permission, PluginManifest, ToolContext
from tests.engine.harness import EngineEditor
from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import Stage
from tests.unit.fakes.sources import FixedSource

pytestmark = pytest.mark.engine

CATEGORY = "plugins: calls past their permissions"
CALL_TIMEOUT_S = 15.0
FOLDER = "res://tests_tmp/plugin_fuzz"
SCRIPT = f"{FOLDER}/probe.gd"
MARKER = "plugin_ran.txt"  # in the campaign's workspace, outside the project


@dataclass(frozen=True)
class Attempt:
    """A call through ``via`` (editor, runtime or files) and the permissions it needs; ``execution``
    needs the person's --allow-execute, which no permission set grants."""

    via: str
    method: str
    arguments: dict[str, Any]
    needs: frozenset[Permission]
    execution: bool = False
    creates: str = ""  # the res:// file a call that got through would leave


def _code(marker: Path) -> str:
    return f'FileAccess.open("{marker.as_posix()}", FileAccess.WRITE).store_string("ran")\nreturn 1'


def attempts(workspace: Path) -> list[Attempt]:
    code = _code(workspace / MARKER)
    editor, files, runtime = Permission.EDITOR, Permission.FILES, Permission.RUNTIME
    return [
        Attempt("editor", "editor.execute", {"code": code}, frozenset({editor}), execution=True),
        Attempt("editor", "editor_execute", {"code": code, "mode": "body"}, frozenset({editor}), True),
        Attempt("editor", "debug.evaluate", {"expression": "OS.get_name()"}, frozenset({editor}), True),
        Attempt("runtime", "execute.code", {"code": code}, frozenset({runtime}), execution=True),
        Attempt("editor", "file.read", {"path": SCRIPT}, frozenset({editor, files})),
        Attempt("editor", "script.read", {"path": SCRIPT}, frozenset({editor, files})),
        Attempt(
            "editor",
            "file.write",
            {"path": f"{FOLDER}/written.txt", "content": "x"},
            frozenset({editor, files}),
            creates="written.txt",
        ),
        Attempt(
            "editor",
            "script.create",
            {"path": f"{FOLDER}/new.gd"},
            frozenset({editor, files}),
            creates="new.gd",
        ),
        Attempt(
            "editor",
            "scene.create",
            {"path": f"{FOLDER}/new.tscn", "root_class": "Node"},
            frozenset({editor, files}),
            creates="new.tscn",
        ),
        Attempt("files", "read", {"path": SCRIPT}, frozenset({files})),
        Attempt(
            "files",
            "write",
            {"path": f"{FOLDER}/via_files.txt", "content": "x"},
            frozenset({files}),
            False,
            "via_files.txt",
        ),
        Attempt("files", "list", {"path": FOLDER}, frozenset({files})),
        Attempt("editor", "scene.get_tree", {}, frozenset({editor})),
        Attempt("editor", "editor.get_info", {}, frozenset({editor})),
        Attempt("runtime", "runtime.pause", {}, frozenset({runtime})),
    ]


@dataclass
class Host:
    portal: BlockingPortal
    link: EditorLink
    workspace: Path
    attempts: list[Attempt]


@asynccontextmanager
async def editor_link(editor: EngineEditor) -> AsyncIterator[EditorLink]:
    """The server's own kind of link to the editor, as a plugin context uses it."""
    link = EditorLink(FixedSource(editor.instance))
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(link.run)
        assert await link.wait_connected(30)
        yield link
        link.close()
        tasks.cancel_scope.cancel()


@pytest.fixture(scope="module")
def host(stage: Stage) -> Iterator[Host]:
    folder = stage.project / FOLDER.removeprefix("res://")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "probe.gd").write_text("extends Node\n# the probe's source\n", "utf-8")
    with (
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(editor_link(stage.editor)) as link,
    ):
        yield Host(portal, link, stage.editor.workspace, attempts(stage.editor.workspace))
    shutil.rmtree(folder, ignore_errors=True)


permissions = st.sets(st.sampled_from(list(Permission)))


@given(index=st.integers(min_value=0, max_value=14), held=permissions, dropped=st.integers(0, 1))
@settings(
    max_examples=examples(50),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_fuzz_a_plugin_never_calls_past_its_permissions(
    host: Host, stage: Stage, campaign: Campaign, index: int, held: set[Permission], dropped: int
) -> None:
    attempt = host.attempts[index % len(host.attempts)]
    if not attempt.execution:  # take away one permission the call needs, so that it is forbidden
        held = held - {sorted(attempt.needs)[dropped % len(attempt.needs)]}
    manifest = PluginManifest("fuzz", "1.0.0", "Fuzzed permissions.", sorted(held | {Permission.TOOLS}))
    context = ToolContext(manifest, "fuzz_probe", host.link)
    marker = host.workspace / MARKER
    created = stage.project / FOLDER.removeprefix("res://") / attempt.creates
    outcome = call(host, context, attempt)
    if marker.exists() or (attempt.creates and created.exists()):
        outcome = Outcome.ESCAPE
    marker.unlink(missing_ok=True)
    if attempt.creates:
        created.unlink(missing_ok=True)
    campaign.record(CATEGORY, outcome, f"{sorted(held)} {attempt.via} {attempt.method} {attempt.arguments}")


def call(host: Host, context: ToolContext, attempt: Attempt) -> Outcome:
    """REFUSED only when refused with PERMISSION_DENIED: any other answer means the call got past the
    permission check (an escape), whatever the command then said."""

    async def bounded() -> object:
        with anyio.fail_after(CALL_TIMEOUT_S):
            if attempt.via == "editor":
                return await context.editor.call(attempt.method, attempt.arguments)
            if attempt.via == "runtime":
                return await context.runtime.call(attempt.method, attempt.arguments)
            return await getattr(context.files, attempt.method)(**attempt.arguments)

    try:
        host.portal.call(bounded)
    except ActionableError as refused:
        return Outcome.REFUSED if refused.code == "PERMISSION_DENIED" else Outcome.ESCAPE
    except TimeoutError:
        return Outcome.HANG
    except Exception:
        return Outcome.CRASH
    return Outcome.ESCAPE


def test_the_plugins_campaign_found_nothing(campaign: Campaign) -> None:
    tally = campaign.tally(CATEGORY)
    assert tally.tried > 0
    assert tally.failures == 0, tally.examples
