"""The godot:// resources read through the (fake) editor, and subscriptions to them."""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.client import IncomingMessage
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp.shared.subscriptions import ResourceUpdated

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.resources import (
    ResourceKind,
    ResourceWatch,
    SceneFormatError,
    UnknownResourceError,
    coercion_document,
    parse_uri,
    scene_tree,
)
from tests.unit.server.feature_session import serving

pytestmark = pytest.mark.anyio

REPO = Path(__file__).resolve().parents[3]
LEVEL = (REPO / "examples" / "demo_project" / "scenes" / "level.tscn").read_text("utf-8")


@pytest.mark.parametrize(
    ("uri", "kind", "key"),
    [
        ("godot://project/info", ResourceKind.PROJECT_INFO, ""),
        ("godot://scene/levels/main.tscn", ResourceKind.SCENE, "res://levels/main.tscn"),
        ("godot://scene/res://levels/main.tscn", ResourceKind.SCENE, "res://levels/main.tscn"),
        ("godot://scene/res%3A%2F%2Fa%20b.tscn", ResourceKind.SCENE, "res://a b.tscn"),
        ("godot://script/player.gd", ResourceKind.SCRIPT, "res://player.gd"),
        ("godot://classdb/Node2D", ResourceKind.CLASS, "Node2D"),
        ("godot://log/game", ResourceKind.GAME_LOG, ""),
    ],
)
def test_uris_name_their_resource(uri: str, kind: ResourceKind, key: str) -> None:
    address = parse_uri(uri)
    assert (address.kind, address.key) == (kind, key)


@pytest.mark.parametrize("uri", ["godot://scene/", "godot://nothing", "file:///etc/passwd", "godot://log"])
def test_unknown_uris_are_refused(uri: str) -> None:
    with pytest.raises(UnknownResourceError):
        parse_uri(uri)


def test_a_text_scene_reads_as_its_node_tree() -> None:
    tree: Any = scene_tree("res://scenes/level.tscn", LEVEL)
    nodes = {node["path"]: node for node in tree["nodes"]}
    assert tree["root_type"] == "Node2D"
    assert tree["total_nodes"] == len(tree["nodes"]) == 12
    assert nodes["."] == {
        "path": ".",
        "name": "Level",
        "type": "Node2D",
        "depth": 0,
        "script": "res://scripts/level.gd",
    }
    assert nodes["Player"]["groups"] == ["player"]
    assert nodes["Player/Sprite2D"]["depth"] == 2
    assert nodes["Coin1"]["instance"] == "res://scenes/coin.tscn"


def test_text_that_is_not_a_scene_is_refused() -> None:
    with pytest.raises(SceneFormatError):
        scene_tree("res://x.tscn", '[gd_resource type="Theme" format=3]\n')


def test_the_bundled_coercion_document_is_docs_coercion_md() -> None:
    assert coercion_document() == (REPO / "docs" / "coercion.md").read_text("utf-8"), (
        "copy docs/coercion.md to src/godot_live_mcp/server/resources/coercion.md (the package serves it)"
    )
    for tag in CONTRACT.coercion_tags:
        assert f"`{tag}`" in coercion_document(), tag


def file_reader(root: Path) -> Any:
    """A fake ``file.read`` serving ``root``'s files as base64, in pages of 100 bytes."""

    async def read(params: dict[str, Any]) -> Any:
        data = (root / params["path"].removeprefix("res://")).read_bytes()
        offset = params.get("offset", 0)
        chunk = data[offset : offset + 100]
        more = offset + len(chunk) < len(data)
        page: dict[str, Any] = {"success": True, "has_more": more, "returned": len(chunk)}
        page["content"] = base64.b64encode(chunk).decode()
        if more:
            page["next_offset"] = offset + len(chunk)
        return page

    return read


async def text_of(result: types.ReadResourceResult) -> str:
    content = result.contents[0]
    assert isinstance(content, types.TextResourceContents)
    return content.text


async def test_the_listed_resources_and_templates(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        listed = (await session.client.list_resources()).resources
        templates = (await session.client.list_resource_templates()).resource_templates
        capabilities = session.client.server_capabilities
    assert [str(r.uri) for r in listed] == [
        "godot://project/info",
        "godot://docs/coercion",
        "godot://log/editor",
        "godot://log/game",
    ]
    assert [t.uri_template for t in templates] == [
        "godot://scene/{path}",
        "godot://script/{path}",
        "godot://classdb/{class}",
    ]
    assert capabilities.resources is not None
    assert capabilities.resources.subscribe is True


async def test_a_scene_is_read_from_its_file_through_the_editor(tmp_path: Path) -> None:
    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "level.tscn").write_text(LEVEL, "utf-8")
    async with serving(tmp_path) as session:
        session.editor.handlers["file.read"] = file_reader(tmp_path)
        result = await session.client.read_resource("godot://scene/levels/level.tscn")
        reads = [frame["params"] for frame in session.editor.received if frame["method"] == "file.read"]
    tree = json.loads(await text_of(result))
    assert tree["scene"] == "res://levels/level.tscn"
    assert tree["total_nodes"] == 12
    assert len(reads) > 1  # paged
    assert all(read["encoding"] == "base64" for read in reads)


async def test_editor_backed_resources_use_their_commands(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        info = json.loads(await text_of(await session.client.read_resource("godot://project/info")))
        klass = json.loads(await text_of(await session.client.read_resource("godot://classdb/Sprite2D")))
        log = json.loads(await text_of(await session.client.read_resource("godot://log/editor")))
        doc = await text_of(await session.client.read_resource("godot://docs/coercion"))
    assert info == {"echo": {}}
    assert klass == {"echo": {"class_name": "Sprite2D"}}
    assert log == {"echo": {}}
    assert doc.startswith("# Type coercion")


async def test_a_script_is_read_page_by_page(tmp_path: Path) -> None:
    async def script_read(params: dict[str, Any]) -> Any:
        start = params["start_line"]
        if start == 1:
            return {"success": True, "content": "extends Node", "has_more": True, "next_start_line": 2}
        return {"success": True, "content": "func _ready():\n\tpass", "has_more": False}

    async with serving(tmp_path) as session:
        session.editor.handlers["script.read"] = script_read
        text = await text_of(await session.client.read_resource("godot://script/player.gd"))
    assert text == "extends Node\nfunc _ready():\n\tpass"


async def test_the_game_log_without_a_game_answers_the_game_status(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        log = json.loads(await text_of(await session.client.read_resource("godot://log/game")))
    assert log["echo"] == {}
    assert "game_start" in log["hint"]


async def test_a_failed_read_carries_the_code_and_hint(tmp_path: Path) -> None:
    async def missing(params: dict[str, Any]) -> Any:
        return {"success": False, "code": "NOT_FOUND", "error": "No class 'Nope'.", "hint": "Check the name."}

    async with serving(tmp_path) as session:
        session.editor.handlers["classdb.get_class"] = missing
        with pytest.raises(MCPError) as caught:
            await session.client.read_resource("godot://classdb/Nope")
        with pytest.raises(MCPError) as unknown:
            await session.client.read_resource("godot://nothing/here")
    assert caught.value.code == -32002
    assert caught.value.message == "NOT_FOUND: No class 'Nope'. Hint: Check the name."
    assert caught.value.data == {
        "code": "NOT_FOUND",
        "message": "No class 'Nope'.",
        "hint": "Check the name.",
    }
    assert unknown.value.code == -32002


async def test_a_subscribed_scene_file_that_changes_is_announced(tmp_path: Path) -> None:
    scene = tmp_path / "level.tscn"
    scene.write_text(LEVEL, "utf-8")
    updates: list[str] = []
    heard = anyio.Event()

    async def on_message(message: IncomingMessage) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            updates.append(str(message.params.uri))
            heard.set()

    async with serving(tmp_path, message_handler=on_message) as session:
        session.app.features.resources.watch._interval_s = 0.05
        with pytest.warns(MCPDeprecationWarning):  # handshake-era only; listen below is the new way
            await session.client.subscribe_resource("godot://scene/level.tscn")
        await anyio.sleep(0.2)
        assert updates == []  # unchanged: nothing to tell
        scene.write_text(LEVEL + "\n", "utf-8")
        with anyio.fail_after(5):
            await heard.wait()
        with pytest.warns(MCPDeprecationWarning):
            await session.client.unsubscribe_resource("godot://scene/level.tscn")
        watched = session.app.features.resources.watch.watched()
    assert updates == ["godot://scene/level.tscn"]
    assert watched == {}


async def test_a_listen_stream_hears_of_its_scene_file_changing(tmp_path: Path) -> None:
    scene = tmp_path / "level.tscn"
    scene.write_text(LEVEL, "utf-8")
    async with serving(tmp_path, mode="auto") as session:
        watch = session.app.features.resources.watch
        watch._interval_s = 0.05
        uri = "godot://scene/level.tscn"
        async with session.client.listen(resource_subscriptions=[uri]) as subscription:
            assert watch.watched() == {uri: 1}
            scene.write_text(LEVEL + "\n", "utf-8")
            with anyio.fail_after(5):
                event = await subscription.__anext__()
        await anyio.sleep(0.05)
        watched = watch.watched()
    assert event == ResourceUpdated(uri=uri)
    assert watched == {}


async def test_resources_that_never_change_cannot_be_subscribed(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        with pytest.raises(MCPError, match="cannot be subscribed"), pytest.warns(MCPDeprecationWarning):
            await session.client.subscribe_resource("godot://classdb/Node")


class Probe:
    def __init__(self) -> None:
        self.value: Hashable = 1
        self.calls = 0

    async def __call__(self, uri: str) -> Hashable:
        self.calls += 1
        return self.value


async def test_the_watch_polls_only_while_someone_is_subscribed() -> None:
    probe = Probe()
    watch = ResourceWatch(probe, interval_s=0.01)
    told: list[str] = []
    changed = anyio.Event()

    async def notify(uri: str) -> None:
        told.append(uri)
        changed.set()

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(watch.run)
        await anyio.sleep(0.1)
        assert probe.calls == 0
        await watch.subscribe("godot://log/editor", "a", notify)
        await watch.subscribe("godot://log/editor", "b", notify)  # the same notifier: told once
        probe.value = 2
        with anyio.fail_after(5):
            await changed.wait()
        watch.unsubscribe("godot://log/editor", "a")
        watch.unsubscribe("godot://log/editor", "b")
        await anyio.sleep(0.05)
        calls = probe.calls
        await anyio.sleep(0.1)
        tasks.cancel_scope.cancel()
    assert told == ["godot://log/editor"]
    assert probe.calls == calls  # no polling once nobody listens


async def test_a_subscriber_whose_notification_fails_is_dropped() -> None:
    probe = Probe()
    watch = ResourceWatch(probe)

    async def broken(uri: str) -> None:
        raise ConnectionError("gone")

    await watch.subscribe("godot://log/game", "gone", broken)
    probe.value = 2
    await watch.poll()
    assert watch.watched() == {}


def test_a_file_stamp_changes_with_the_file(tmp_path: Path) -> None:
    from godot_live_mcp.server.resources.catalog import _file_stamp

    path = tmp_path / "a.tscn"
    assert _file_stamp(path) == "missing"
    path.write_text("x", "utf-8")
    first = _file_stamp(path)
    os.utime(path, ns=(1, 1))
    assert _file_stamp(path) != first
