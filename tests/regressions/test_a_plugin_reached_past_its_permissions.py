"""Issue 21: a Python plugin holding only ``tools`` and ``editor`` called ``editor.execute`` through its
context, and a plugin without ``files`` still read and wrote project files (through editor commands that
name files). Permissions are enforced where the call is made, and no permission grants code execution
unless the person started the server with ``--allow-execute``. Against the real session editor."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.contract import ActionableError
from godot_live_mcp.plugins import Permission, PluginManifest, ToolContext
from tests.engine.harness import EngineEditor
from tests.unit.fakes.sources import FixedSource

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

EDITOR_ONLY = PluginManifest(
    "reach", "1.0.0", "Tools and editor only.", [Permission.TOOLS, Permission.EDITOR]
)
EVERYTHING = PluginManifest("reach", "1.0.0", "Every permission.", list(Permission))
SCRIPT = "res://tests_tmp/plugin_reach/probe.gd"


@pytest.fixture
async def link(engine_editor: EngineEditor) -> AsyncIterator[EditorLink]:
    """The server's own kind of link to the session editor, as a plugin context uses it."""
    editor_link = EditorLink(FixedSource(engine_editor.instance))
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(editor_link.run)
        assert await editor_link.wait_connected(30)
        yield editor_link
        editor_link.close()
        tasks.cancel_scope.cancel()


@pytest.fixture
def probe(engine_editor: EngineEditor) -> Iterator[Path]:
    path = engine_editor.project / SCRIPT.removeprefix("res://")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("extends Node\n# the probe's source\n", "utf-8")
    yield path
    shutil.rmtree(path.parent)


@pytest.mark.parametrize("manifest", [EDITOR_ONLY, EVERYTHING], ids=["editor only", "every permission"])
async def test_no_permission_grants_code_execution(
    engine_editor: EngineEditor, link: EditorLink, manifest: PluginManifest
) -> None:
    marker = engine_editor.workspace / f"plugin_ran_{len(manifest.permissions)}.txt"
    code = f'FileAccess.open("{marker.as_posix()}", FileAccess.WRITE).store_string("ran")\nreturn 1'
    context = ToolContext(manifest, "reach_probe", link)

    with pytest.raises(ActionableError) as refused:
        await context.editor.call("editor.execute", {"code": code})

    assert refused.value.code == "PERMISSION_DENIED"
    assert "--allow-execute" in refused.value.hint
    assert not marker.exists(), "the plugin's code ran in the editor"


async def test_execution_needs_the_persons_allow_execute(
    engine_editor: EngineEditor, link: EditorLink
) -> None:
    context = ToolContext(EVERYTHING, "reach_probe", link, allow_execute=True)

    answer = await context.editor.call("editor.execute", {"code": "return 6 * 7"})

    assert "42" in str(answer)


async def test_files_need_the_files_permission(link: EditorLink, probe: Path) -> None:
    context = ToolContext(EDITOR_ONLY, "reach_probe", link)
    attempts = [
        ("script.read", {"path": SCRIPT}),
        ("script.create", {"path": "res://tests_tmp/plugin_reach/new.gd"}),
        ("scene.create", {"path": "res://tests_tmp/plugin_reach/new.tscn", "root_class": "Node"}),
        ("file.read", {"path": SCRIPT}),
    ]
    for method, params in attempts:
        with pytest.raises(ActionableError) as refused:
            await context.editor.call(method, params)
        assert refused.value.code == "PERMISSION_DENIED", method
        assert "files" in refused.value.message, method

    assert sorted(p.name for p in probe.parent.iterdir()) == ["probe.gd"]
    allowed = ToolContext(EVERYTHING, "reach_probe", link)
    assert "the probe's source" in str(await allowed.editor.call("script.read", {"path": SCRIPT}))
