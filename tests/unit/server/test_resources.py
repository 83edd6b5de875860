"""The godot:// resources read through the (fake) editor, and subscriptions to them."""

from __future__ import annotations

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
    UnknownResourceError,
    coercion_document,
    parse_uri,
)
from tests.mcp_results import envelope_body
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


def test_the_bundled_coercion_document_is_docs_coercion_md() -> None:
    assert coercion_document() == (REPO / "docs" / "coercion.md").read_text("utf-8"), (
        "copy docs/coercion.md to src/godot_live_mcp/server/resources/coercion.md (the package serves it)"
    )
    for tag in CONTRACT.coercion_tags:
        assert f"`{tag}`" in coercion_document(), tag


def scene_reader(total: int, page_size: int) -> Any:
    """A fake ``scene.read_file`` listing ``total`` nodes in pages of ``page_size``."""

    async def read(params: dict[str, Any]) -> Any:
        offset = params.get("offset", 0)
        nodes = [{"path": "." if i == 0 else f"N{i}", "type": "Node2D"} for i in range(total)]
        page: dict[str, Any] = {"success": True, "scene": params["path"], "root_type": "Node2D"}
        page.update(nodes=nodes[offset : offset + page_size], has_more=offset + page_size < total)
        if page["has_more"]:
            page["next_offset"] = offset + page_size
        return page

    return read


async def text_of(result: types.ReadResourceResult) -> str:
    content = result.contents[0]
    assert isinstance(content, types.TextResourceContents)
    return content.text


async def marked_text(result: types.ReadResourceResult) -> str:
    """A resource of project content: the body of its one untrusted-content envelope."""
    return envelope_body(await text_of(result))


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


async def test_a_scene_is_read_from_its_file_through_the_editor_page_by_page(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        session.editor.handlers["scene.read_file"] = scene_reader(total=5, page_size=2)
        result = await session.client.read_resource("godot://scene/levels/level.scn")
        reads = [frame["params"] for frame in session.editor.received if frame["method"] == "scene.read_file"]
    tree = json.loads(await marked_text(result))
    assert tree["scene"] == "res://levels/level.scn"
    assert tree["root_type"] == "Node2D"
    assert tree["total_nodes"] == 5
    assert [node["path"] for node in tree["nodes"]] == [".", "N1", "N2", "N3", "N4"]
    assert [read["offset"] for read in reads] == [0, 2, 4]


async def test_editor_backed_resources_use_their_commands(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        info = json.loads(await marked_text(await session.client.read_resource("godot://project/info")))
        klass = json.loads(await text_of(await session.client.read_resource("godot://classdb/Sprite2D")))
        log = json.loads(await marked_text(await session.client.read_resource("godot://log/editor")))
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
        text = await marked_text(await session.client.read_resource("godot://script/player.gd"))
    assert text == "extends Node\nfunc _ready():\n\tpass"


async def test_the_game_log_without_a_game_answers_the_game_status(tmp_path: Path) -> None:
    async with serving(tmp_path) as session:
        log = json.loads(await marked_text(await session.client.read_resource("godot://log/game")))
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
