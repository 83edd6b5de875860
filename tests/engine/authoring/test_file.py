"""file.list / read / write / move / delete on the real editor: disk, editor view, undo and redo."""

from __future__ import annotations

import base64
import json
import re

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo, unwrap

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

BRIEF_CAP = 2000


async def test_write_creates_the_file_and_undo_redo_remove_and_restore_it(
    tools: Client, scratch: Scratch
) -> None:
    written = await call(tools, "file_write", {"path": scratch.path("notes/a.txt"), "content": "one\ntwo\n"})
    assert written == {
        "path": scratch.path("notes/a.txt"),
        "bytes_written": 8,
        "status": "created",
        "undoable": True,
    }
    assert scratch.file("notes/a.txt").read_text() == "one\ntwo\n"
    assert await undo(tools) == f"MCP: Write file {scratch.path('notes/a.txt')}"
    assert not scratch.file("notes/a.txt").exists()
    await redo(tools)
    assert scratch.file("notes/a.txt").read_text() == "one\ntwo\n"


async def test_write_replaces_by_default_and_undo_brings_the_old_content_back(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("b.txt")
    await call(tools, "file_write", {"path": path, "content": "old"})
    replaced = await call(tools, "file_write", {"path": path, "content": "new"})
    assert replaced["status"] == "replaced"
    await undo(tools)
    assert scratch.file("b.txt").read_text() == "old"
    await redo(tools)
    assert scratch.file("b.txt").read_text() == "new"


async def test_write_honours_if_exists_fail_and_return(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("c.txt")
    await call(tools, "file_write", {"path": path, "content": "first"})
    await call_fails(
        tools, "file_write", {"path": path, "content": "x", "if_exists": "fail"}, "ALREADY_EXISTS"
    )
    kept = await call(tools, "file_write", {"path": path, "content": "x", "if_exists": "return"})
    assert kept["status"] == "returned"
    assert scratch.file("c.txt").read_text() == "first"


async def test_write_decodes_base64_and_refuses_bad_base64(tools: Client, scratch: Scratch) -> None:
    raw = bytes(range(256))
    content = base64.b64encode(raw).decode()
    await call(
        tools, "file_write", {"path": scratch.path("blob.bin"), "content": content, "encoding": "base64"}
    )
    assert scratch.file("blob.bin").read_bytes() == raw
    bad = {"path": scratch.path("bad.bin"), "content": "not base64!", "encoding": "base64"}
    await call_fails(tools, "file_write", bad, "INVALID_PARAMS")
    assert not scratch.file("bad.bin").exists()


async def test_list_pages_through_a_folder_with_a_glob(tools: Client, scratch: Scratch) -> None:
    for name in ("a.gd", "b.gd", "c.txt", "sub/d.gd"):
        await call(tools, "file_write", {"path": scratch.path(name), "content": "x"})
    first = await call(
        tools, "file_list", {"path": scratch.res, "glob": "*.gd", "recursive": True, "limit": 2}
    )
    assert [entry["path"] for entry in first["entries"]] == [scratch.path("sub/d.gd"), scratch.path("a.gd")]
    assert (first["has_more"], first["total_entries"], first["next_offset"]) == (True, 3, 2)
    rest = await call(
        tools, "file_list", {"path": scratch.res, "glob": "*.gd", "recursive": True, "offset": 2}
    )
    assert [entry["path"] for entry in rest["entries"]] == [scratch.path("b.gd")]
    assert rest["has_more"] is False
    assert "next_offset" not in rest
    top = await call(tools, "file_list", {"path": scratch.res})
    assert {entry["path"]: entry["type"] for entry in top["entries"]}[scratch.path("sub")] == "folder"


async def test_list_gives_relative_paths_at_brief_and_times_and_types_at_full(
    tools: Client, scratch: Scratch
) -> None:
    for name in ("a.gd", "sub/d.txt"):
        await call(tools, "file_write", {"path": scratch.path(name), "content": "extends Node\n"})
    await call(tools, "editor_wait_for_idle", {})
    asked = {"path": scratch.res, "recursive": True}
    brief = await call(tools, "file_list", asked | {"detail": "brief"})
    assert (brief["paths"], brief["path"]) == (["sub/", "sub/d.txt", "a.gd", "a.gd.uid"], scratch.res)
    assert "entries" not in brief
    normal = await call(tools, "file_list", asked)
    assert normal["entries"][0] == {"path": scratch.path("sub"), "type": "folder"}
    assert normal["entries"][2] == {"path": scratch.path("a.gd"), "type": "file", "size": 13}
    full = await call(tools, "file_list", asked | {"detail": "full"})
    script = full["entries"][2]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", script["modified"]), script
    assert (script["path"], script["size"], script["resource_type"]) == (scratch.path("a.gd"), 13, "GDScript")


async def test_list_is_cut_at_the_detail_cap_and_the_next_offset_goes_on(
    tools: Client, scratch: Scratch
) -> None:
    names = [f"{index:02d}_{'x' * 48}.txt" for index in range(40)]
    for name in names:
        await call(tools, "file_write", {"path": scratch.path(name), "content": ""})
    first = await call(tools, "file_list", {"path": scratch.res, "detail": "brief"})
    assert len(json.dumps(first, separators=(",", ":"))) <= BRIEF_CAP
    assert first["has_more"]
    assert f"offset = {first['next_offset']}" in first["hint"]
    rest = await call(
        tools, "file_list", {"path": scratch.res, "detail": "brief", "offset": first["next_offset"]}
    )
    assert first["paths"] + rest["paths"] == names
    assert rest["has_more"] is False


async def test_list_leaves_out_hidden_folders_and_the_addon(tools: Client) -> None:
    listed = await call(tools, "file_list", {"path": "res://addons", "recursive": True})
    assert not [
        entry for entry in listed["entries"] if entry["path"].startswith("res://addons/godot_live_mcp")
    ]
    root = await call(tools, "file_list", {})
    assert "res://.godot" not in {entry["path"] for entry in root["entries"]}
    assert "res://project.godot" in {entry["path"] for entry in root["entries"]}


async def test_list_of_a_missing_folder_is_not_found(tools: Client) -> None:
    await call_fails(tools, "file_list", {"path": "res://no/such/folder"}, "NOT_FOUND")


async def test_read_returns_text_wrapped_and_base64_raw(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("r.txt"), "content": "héllo\n"})
    text = await call(tools, "file_read", {"path": scratch.path("r.txt")})
    assert unwrap(text["content"]) == "héllo\n"
    assert (text["total_bytes"], text["returned"], text["has_more"]) == (7, 7, False)
    raw = await call(tools, "file_read", {"path": scratch.path("r.txt"), "encoding": "base64", "offset": 1})
    assert base64.b64decode(raw["content"]) == "héllo\n".encode()[1:]


async def test_read_refuses_binary_as_text_and_missing_files(tools: Client) -> None:
    refused = await call_fails(tools, "file_read", {"path": "res://textures/player.png"}, "INVALID_PARAMS")
    assert "base64" in refused["hint"]
    await call_fails(tools, "file_read", {"path": "res://no_such_file.txt"}, "NOT_FOUND")


async def test_text_windows_never_split_a_character(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("u.txt"), "content": "aé€"})  # 1 + 2 + 3 bytes
    page = await call(tools, "file_read", {"path": scratch.path("u.txt"), "max_bytes": 2})
    assert unwrap(page["content"]) == "a"
    assert page["next_offset"] == 1
    inside = {"path": scratch.path("u.txt"), "offset": 2}
    await call_fails(tools, "file_read", inside, "INVALID_PARAMS")


async def test_move_takes_the_uid_companion_along_and_undo_moves_it_back(
    tools: Client, scratch: Scratch
) -> None:
    source = scratch.path("m.gd")
    await call(tools, "script_write", {"path": source, "content": "extends Node\n"})
    scratch.file("m.gd.uid").write_text("uid://bm0vesm0ved1\n")
    moved = await call(tools, "file_move", {"path": source, "to": scratch.path("moved/m2.gd")})
    assert moved["moved"] == [scratch.path("moved/m2.gd"), scratch.path("moved/m2.gd.uid")]
    assert scratch.file("moved/m2.gd").read_text() == "extends Node\n"
    assert scratch.file("moved/m2.gd.uid").read_text() == "uid://bm0vesm0ved1\n"
    assert not scratch.file("m.gd").exists()
    await undo(tools)
    assert scratch.file("m.gd").read_text() == "extends Node\n"
    assert not scratch.file("moved/m2.gd").exists()
    await redo(tools)
    assert scratch.file("moved/m2.gd").exists()
    assert not scratch.file("m.gd").exists()


async def test_move_refuses_an_existing_target_unless_replace(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("x.txt"), "content": "x"})
    await call(tools, "file_write", {"path": scratch.path("y.txt"), "content": "y"})
    await call_fails(
        tools, "file_move", {"path": scratch.path("x.txt"), "to": scratch.path("y.txt")}, "ALREADY_EXISTS"
    )
    await call(
        tools,
        "file_move",
        {"path": scratch.path("x.txt"), "to": scratch.path("y.txt"), "if_exists": "replace"},
    )
    assert scratch.file("y.txt").read_text() == "x"
    await call_fails(
        tools, "file_move", {"path": scratch.path("gone.txt"), "to": scratch.path("z.txt")}, "NOT_FOUND"
    )


async def test_delete_removes_the_file_and_undo_restores_its_bytes(tools: Client, scratch: Scratch) -> None:
    await call(tools, "file_write", {"path": scratch.path("d.txt"), "content": "keep me"})
    deleted = await call(tools, "file_delete", {"path": scratch.path("d.txt")})
    assert deleted == {"path": scratch.path("d.txt"), "deleted": [scratch.path("d.txt")], "undoable": True}
    assert not scratch.file("d.txt").exists()
    assert await undo(tools) == f"MCP: Delete file {scratch.path('d.txt')}"
    assert scratch.file("d.txt").read_text() == "keep me"
    await redo(tools)
    assert not scratch.file("d.txt").exists()


async def test_delete_refuses_folders_and_missing_files(tools: Client, scratch: Scratch) -> None:
    await call(tools, "folder_create", {"path": scratch.res})
    refused = await call_fails(tools, "file_delete", {"path": scratch.res}, "INVALID_PARAMS")
    assert "folder_delete" in refused["hint"]
    await call_fails(tools, "file_delete", {"path": scratch.path("none.txt")}, "NOT_FOUND")


async def test_the_editor_sees_written_files(tools: Client, scratch: Scratch) -> None:
    await call(tools, "script_write", {"path": scratch.path("seen.gd"), "content": "extends Resource\n"})
    listed = await call(tools, "resource_list", {"path": scratch.res, "type": "Script"})
    assert [entry["path"] for entry in listed["resources"]] == [scratch.path("seen.gd")]
