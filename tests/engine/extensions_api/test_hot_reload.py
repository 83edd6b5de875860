"""Extensions follow the project while the editor runs: an edit reaches clients as tools/list_changed
without a refresh call, a deleted extension answers a clear error and then leaves, a broken one is
loaded once fixed, and peers hear extensions.changed."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from godot_live_mcp.bridge.jsonrpc import Notification
from godot_live_mcp.bridge.peer_connection import connect_peer
from godot_live_mcp.contract import CONTRACT
from tests.engine.extensions_api._session import Plot, Session, extension
from tests.engine.harness import EngineEditor, expect_editor_error
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def versioned(version: int, names: list[str], class_name: str = "ExtApiLive") -> str:
    options = f'registry.create_extension_options("Version {version}.").mark_read_only()'
    body = "\n".join(f'registry.add("{name}", _answer, {options})' for name in names)
    members = f"""
func _answer(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({{"version": {version}}})
"""
    return extension(class_name, body, members)


async def test_an_edit_reaches_clients_without_a_refresh(plot: Plot, live: Session) -> None:
    plot.plant("live.gd", versioned(1, ["live.kept", "live.dropped"]))
    await live.refresh()
    await live.wait_listed(present=["live_kept", "live_dropped"])
    heard = live.changes
    plot.plant("live.gd", versioned(2, ["live.kept", "live.added"]))
    # Only a scan of the editor's own (as after saving in its script editor), no extensions_refresh:
    # the watcher sees the change and reloads the extension.
    await live.call("editor_wait_for_idle", {"scan": True})
    await live.wait_listed(present=["live_added"], absent=["live_dropped"])
    assert live.changes > heard
    assert await live.call("live_kept") == {"version": 2}
    tools = await live.tools()
    assert tools["live_kept"].description is not None
    assert tools["live_kept"].description.startswith("Version 2.")
    report = await live.extension("ExtApiLive")
    assert report is not None
    assert report["commands"] == ["live.kept", "live.added"]


async def test_a_deleted_extension_answers_a_clear_error_then_leaves(plot: Plot, live: Session) -> None:
    plot.plant("doomed.gd", versioned(1, ["doomed.call"], "ExtApiDoomed"))
    await live.refresh()
    await live.wait_listed(present=["doomed_call"])
    assert await live.call("doomed_call") == {"version": 1}
    plot.remove("doomed.gd")
    gone = failure(await live.client.call_tool("doomed_call", {}))
    assert gone["code"] == "EXTENSION_ERROR"
    assert "ExtApiDoomed" in gone["message"]
    assert "was deleted" in gone["message"]
    assert "extensions_refresh" in gone["hint"]
    refreshed = await live.refresh()
    assert refreshed["removed"] == ["ExtApiDoomed"]
    await live.wait_listed(absent=["doomed_call"])
    assert await live.extension("ExtApiDoomed") is None


async def test_a_broken_extension_is_loaded_once_it_is_fixed(plot: Plot, live: Session) -> None:
    expect_editor_error(r"Nonexistent function 'no_such_method")
    head = "func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:\n"
    broken = versioned(1, ["mended.call"], "ExtApiMended").replace(
        head, head + '\tregistry.call("no_such_method")\n'
    )
    plot.plant("mended.gd", broken)
    await live.refresh()
    report = await live.extension("ExtApiMended")
    assert report is not None
    assert report["status"] == "failed"
    plot.plant("mended.gd", versioned(2, ["mended.call"], "ExtApiMended"))
    refreshed = await live.refresh()
    assert refreshed["reloaded"] == ["ExtApiMended"]
    await live.wait_listed(present=["mended_call"])
    assert await live.call("mended_call") == {"version": 2}


async def test_peers_hear_extensions_changed(plot: Plot, live: Session, engine_editor: EngineEditor) -> None:
    heard: list[dict[str, Any]] = []
    arrived = anyio.Event()

    def on_notification(notification: Notification) -> None:
        if notification.method == CONTRACT.method("extensions_changed"):
            heard.append(dict(notification.params))
            arrived.set()

    async with connect_peer(engine_editor.instance.endpoint, on_notification=on_notification):
        plot.plant("told.gd", versioned(1, ["told.call"], "ExtApiTold"))
        await live.refresh()
        with anyio.fail_after(10):
            await arrived.wait()
    assert heard[0] == {"added": ["ExtApiTold"], "removed": [], "reloaded": []}
