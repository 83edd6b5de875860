"""Symbolic links inside the project were followed everywhere (issue 14): a link to an outside folder let
the tools read, write and delete outside it, a planted `<file>.mcp_tmp` link redirected an atomic write,
two links (`deep/up -> ..`, `deep/self -> ../deep`) froze a recursive file_list, and game_start ran a scene
from outside the project. Now the real path is confined: links that stay inside are followed (the tools
answer with the real path), links that lead out are refused, walks never follow a link at all.

The links are planted in a fresh copy of the demo project with an editor of its own.
"""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor, mcp_client
from tests.regressions._own_editor import own_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LINKS = "res://mcp_links"
EVIL_SCENE = '[gd_scene format=3]\n\n[node name="Evil" type="Node"]\n'


def plant(project: Path) -> None:
    """The outside folder (a sibling of the project) and the links into it, before the editor starts."""
    outside = project.parent / "outside"
    (outside / "dir").mkdir(parents=True)
    for name, text in {
        "secret.txt": "outside secret",
        "victim.txt": "victim",
        "dir/victim2.txt": "victim2",
    }.items():
        (outside / name).write_text(text, "utf-8")
    (outside / "evil.tscn").write_text(EVIL_SCENE, "utf-8")
    links = project / "mcp_links"
    (links / "nested").mkdir(parents=True)
    (links / "deep").mkdir()
    (links / "out").symlink_to(outside)
    (links / "nested" / "out").symlink_to(outside)
    (links / "rel_out").symlink_to(Path("..") / ".." / "outside")
    (links / "out_file.txt").symlink_to(outside / "victim.txt")
    (links / "evil_link.tscn").symlink_to(outside / "evil.tscn")
    # The engine's own file-system scan follows links too, and would loop here: it skips .gdignore folders.
    (links / "deep" / ".gdignore").write_text("", "utf-8")
    (links / "deep" / "up").symlink_to("..")
    (links / "deep" / "self").symlink_to(Path("..") / "deep")
    (links / "inside").symlink_to(Path("..") / "scenes")
    (links / "target.txt").write_text("before", "utf-8")
    (links / "target.txt.mcp_tmp").symlink_to(outside / "victim.txt")


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> Iterator[EngineEditor]:
    with own_editor(tmp_path_factory.mktemp("links"), editor_logs, plant) as engine:
        yield engine


@pytest.fixture(scope="module")
async def client(editor: EngineEditor) -> AsyncIterator[Client]:
    async with mcp_client(editor) as connected:
        yield connected


def outside(editor: EngineEditor) -> Path:
    return editor.project.parent / "outside"


def outside_state(editor: EngineEditor) -> dict[str, str]:
    return {
        str(path.relative_to(outside(editor))): path.read_text("utf-8")
        for path in sorted(outside(editor).rglob("*"))
        if path.is_file()
    }


ESCAPES: list[tuple[str, dict[str, Any]]] = [
    ("file_read", {"path": f"{LINKS}/out/secret.txt"}),
    ("file_read", {"path": f"{LINKS}/rel_out/secret.txt"}),
    ("file_read", {"path": f"{LINKS}/out_file.txt"}),
    ("file_read", {"path": f"{LINKS}/out_file.txt", "encoding": "base64"}),
    ("file_list", {"path": f"{LINKS}/out"}),
    ("file_search", {"query": "secret", "path": f"{LINKS}/out"}),
    ("resource_get", {"path": f"{LINKS}/out/evil.tscn"}),
    ("script_read", {"path": f"{LINKS}/nested/out/secret.txt"}),
    ("file_write", {"path": f"{LINKS}/out/new.txt", "content": "x"}),
    ("file_write", {"path": f"{LINKS}/out_file.txt", "content": "overwritten"}),
    ("script_write", {"path": f"{LINKS}/out/new.gd", "content": "extends Node\n"}),
    ("scene_create", {"path": f"{LINKS}/nested/out/new.tscn"}),
    ("scene_open", {"path": f"{LINKS}/evil_link.tscn"}),
    ("file_delete", {"path": f"{LINKS}/out/victim.txt"}),
    ("file_delete", {"path": f"{LINKS}/nested/out/dir/victim2.txt"}),
    ("file_move", {"path": f"{LINKS}/out/victim.txt", "to": "res://stolen.txt"}),
    ("file_move", {"path": f"{LINKS}/target.txt", "to": f"{LINKS}/out/moved.txt"}),
    ("folder_create", {"path": f"{LINKS}/out/made"}),
    ("folder_delete", {"path": f"{LINKS}/out/dir", "recursive": True}),
    ("game_start", {"scene": "res://../outside/evil.tscn"}),
    ("game_start", {"scene": f"{LINKS}/evil_link.tscn"}),
]


@pytest.mark.parametrize(("tool", "arguments"), ESCAPES, ids=[f"{t}-{i}" for i, (t, _) in enumerate(ESCAPES)])
async def test_a_path_through_a_link_out_of_the_project_is_refused(
    client: Client, editor: EngineEditor, tool: str, arguments: dict[str, Any]
) -> None:
    before = outside_state(editor)
    refused = await call_fails(client, tool, arguments, "PATH_DENIED")
    assert refused["hint"]
    assert outside_state(editor) == before
    assert not (editor.project / "stolen.txt").exists()


async def test_a_read_only_server_reads_no_link_out_either(editor: EngineEditor) -> None:
    async with mcp_client(editor, "--read-only") as read_only:
        for tool, arguments in ESCAPES[:8]:
            refused = await call_fails(read_only, tool, arguments, "PATH_DENIED")
            assert "symbolic link" in refused["message"], (tool, refused)


async def test_a_recursive_delete_never_follows_a_nested_link_out(
    client: Client, editor: EngineEditor
) -> None:
    before = outside_state(editor)
    refused = await call_fails(
        client, "folder_delete", {"path": f"{LINKS}/nested", "recursive": True}, "PATH_DENIED"
    )
    assert "symbolic link" in refused["message"]
    assert outside_state(editor) == before
    assert (editor.project / "mcp_links" / "nested" / "out").is_symlink()


async def test_looping_links_neither_freeze_nor_escape_the_walks(
    client: Client, editor: EngineEditor
) -> None:
    began = time.monotonic()
    listed = await call(client, "file_list", {"path": LINKS, "recursive": True, "limit": 500})
    found = await call(client, "file_search", {"query": "secret", "path": LINKS})
    assert time.monotonic() - began < 10
    paths = [entry["path"] for entry in listed["entries"]]
    assert f"{LINKS}/deep" in paths
    assert not any("/up" in path or "/self" in path or "/out" in path for path in paths), paths
    assert found["total_matches"] == 0


async def test_a_planted_temp_link_cannot_redirect_an_atomic_write(
    client: Client, editor: EngineEditor
) -> None:
    written = await call(client, "file_write", {"path": f"{LINKS}/target.txt", "content": "after"})
    assert written["status"] == "replaced"
    assert (editor.project / "mcp_links" / "target.txt").read_text("utf-8") == "after"
    assert (outside(editor) / "victim.txt").read_text("utf-8") == "victim"
    assert (editor.project / "mcp_links" / "target.txt.mcp_tmp").is_symlink()


async def test_a_scene_opened_by_hand_through_a_link_is_not_saved_through_it(
    client: Client, editor: EngineEditor
) -> None:
    """scene_open refuses the link, but a person may open it in the editor; scene_save still refuses."""
    linked = f"{LINKS}/evil_link.tscn"
    opening = (
        f'EditorInterface.open_scene_from_path("{linked}")\n'
        "return EditorInterface.get_edited_scene_root().scene_file_path"
    )
    opened = await call(client, "editor_execute", {"code": opening, "mode": "body"})
    try:
        edit = {"node_path": ".", "property": "editor_description", "value": "edited"}
        await call(client, "node_set_property", edit)
        refused = await call_fails(client, "scene_save", {}, "PATH_DENIED")
    finally:
        closing = "EditorInterface.close_scene()\nreturn EditorInterface.get_open_scenes()"
        still_open = await call(client, "editor_execute", {"code": closing, "mode": "body"})
    assert opened["value"] == linked
    assert "symbolic link" in refused["message"]
    assert (outside(editor) / "evil.tscn").read_text("utf-8") == EVIL_SCENE
    assert linked not in still_open["value"]


async def test_a_link_that_stays_inside_is_followed_to_its_real_path(client: Client) -> None:
    read = await call(client, "file_read", {"path": f"{LINKS}/inside/level.tscn", "max_bytes": 40})
    assert read["path"] == "res://scenes/level.tscn"


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("file_write", {"path": "res://.godot/planted.cfg", "content": "x"}),
        ("file_write", {"path": "res://project.godot", "content": "x"}),
        ("file_delete", {"path": "res://project.godot"}),
        ("file_move", {"path": "res://project.godot", "to": "res://moved.godot"}),
        ("file_move", {"path": "res://icon.svg", "to": "res://.godot/icon.svg"}),
        ("folder_create", {"path": "res://.godot/made"}),
        ("file_write", {"path": "res://bad\nname.txt", "content": "x"}),
        ("file_write", {"path": "res://evil\u202etxt.gd", "content": "x"}),
        ("folder_create", {"path": "res://tab\there"}),
    ],
)
async def test_the_cache_the_project_file_and_odd_names_are_not_written(
    client: Client, editor: EngineEditor, tool: str, arguments: dict[str, Any]
) -> None:
    project_file = (editor.project / "project.godot").read_text("utf-8")
    await call_fails(client, tool, arguments, "PATH_DENIED")
    assert (editor.project / "project.godot").read_text("utf-8") == project_file
    assert not (editor.project / ".godot" / "planted.cfg").exists()
    assert not any("\n" in name or "\u202e" in name or "\t" in name for name in os.listdir(editor.project))


async def test_a_loop_planted_later_never_sets_the_engines_own_scan_spinning(
    client: Client, editor: EngineEditor
) -> None:
    """Godot's own scan follows links and never ends on a loop: the tools do not ask for one then."""
    late = editor.project / "mcp_links" / "late"
    late.mkdir()
    (late / "up").symlink_to("..")
    try:
        began = time.monotonic()
        made = await call(client, "folder_create", {"path": f"{LINKS}/made_after_loop"})
        idle = await call(client, "editor_wait_for_idle", {"scan": True, "timeout_ms": 5000})
        assert made["status"] == "created"
        assert idle["idle"] is True
        assert idle["scanned"] is False
        assert time.monotonic() - began < 10
    finally:
        (late / "up").unlink()
