"""folder.create / folder.delete on the real editor: disk, the editor's view, undo and redo."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_create_makes_missing_parents_and_undo_removes_them(tools: Client, scratch: Scratch) -> None:
    created = await call(tools, "folder_create", {"path": scratch.path("a/b")})
    # res://tests_tmp itself may be new too, when this test runs first
    assert created["created"][-3:] == [scratch.res, scratch.path("a"), scratch.path("a/b")]
    assert (created["status"], created["undoable"]) == ("created", True)
    assert scratch.file("a/b").is_dir()
    listed = await call(tools, "resource_list", {"path": scratch.path("a")})
    assert listed["path"] == scratch.path("a")  # the editor's filesystem knows the new folder
    assert await undo(tools) == f"MCP: Create folder {scratch.path('a/b')}"
    assert not scratch.disk.exists()
    await redo(tools)
    assert scratch.file("a/b").is_dir()


async def test_create_of_an_existing_folder_returns_it_or_fails(tools: Client, scratch: Scratch) -> None:
    await call(tools, "folder_create", {"path": scratch.res})
    again = await call(tools, "folder_create", {"path": scratch.res})
    assert again == {"path": scratch.res, "status": "returned"}
    await call_fails(tools, "folder_create", {"path": scratch.res, "if_exists": "fail"}, "ALREADY_EXISTS")


async def test_delete_refuses_a_non_empty_folder_without_recursive(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("keep.txt"), "content": "k"})
    refused = await call_fails(tools, "folder_delete", {"path": scratch.res}, "NOT_EMPTY")
    assert "recursive" in refused["hint"]
    assert scratch.file("keep.txt").exists()


async def test_recursive_delete_and_its_undo_bring_back_every_file(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("x/one.txt"), "content": "1"})
    await call(tools, "file_write", {"path": scratch.path("x/y/two.txt"), "content": "2"})
    await call(tools, "folder_create", {"path": scratch.path("x/empty")})
    deleted = await call(tools, "folder_delete", {"path": scratch.path("x"), "recursive": True})
    assert (deleted["deleted_files"], deleted["deleted_folders"], deleted["undoable"]) == (2, 3, True)
    assert not scratch.file("x").exists()
    await undo(tools)
    assert scratch.file("x/one.txt").read_text() == "1"
    assert scratch.file("x/y/two.txt").read_text() == "2"
    assert scratch.file("x/empty").is_dir()
    await redo(tools)
    assert not scratch.file("x").exists()


async def test_delete_of_an_empty_folder_is_undoable(tools: Client, scratch: Scratch) -> None:
    await call(tools, "folder_create", {"path": scratch.path("e")})
    await call(tools, "folder_delete", {"path": scratch.path("e")})
    assert not scratch.file("e").exists()
    await undo(tools)
    assert scratch.file("e").is_dir()


async def test_delete_refuses_files_missing_folders_and_the_addons_parent(
    tools: Client, scratch: Scratch
) -> None:
    await call(tools, "file_write", {"path": scratch.path("f.txt"), "content": "f"})
    await call_fails(tools, "folder_delete", {"path": scratch.path("f.txt")}, "INVALID_PARAMS")
    await call_fails(tools, "folder_delete", {"path": scratch.path("nope")}, "NOT_FOUND")
    await call_fails(tools, "folder_delete", {"path": "res://addons", "recursive": True}, "PATH_DENIED")
    await call_fails(tools, "folder_delete", {"path": "res://", "recursive": True}, "PATH_DENIED")
