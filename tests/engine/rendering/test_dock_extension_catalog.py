"""The dock's extension catalog in an editor with its interface: the catalog served on 127.0.0.1 is
listed as it fits this toolkit and Godot, a bad entry or a failure is one status line, and Install puts
the extension in a folder of its own and loads it. Real clicks; the editor's log stays clean."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from godot_live_mcp.bridge.peer_connection import PeerConnection
from godot_live_mcp.security.extension_consent import enabled
from tests.catalog_server import (
    HELLO,
    entry,
    extension_zip,
    hello_files,
    point_project_at,
    served,
    write_catalog,
)
from tests.engine.harness import EngineEditor, warnings_and_errors
from tests.engine.rendering.conftest import KNOWN_DISPLAY_WARNINGS
from tests.engine.rendering.test_editor_dock import SHOW_DOCK, answer, editor_peer, run_in_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SETTLED_WITHIN_S = 60.0
# A real click on the named button of the catalog panel, once it is shown, enabled, laid out (a button
# just added is placed by its container a frame later, so its place must hold between two polls) and
# under the mouse moved onto it (nothing covers it).
CLICK = """
var panel: Control = EditorInterface.get_base_control().find_child("ExtensionCatalog", true, false)
var button: Button = panel.find_child("%s", true, false)
if button == null or not button.is_visible_in_tree() or button.disabled:
	return null
var at: Vector2 = button.get_global_rect().get_center()
if button.get_meta("seen_at", Vector2(-1, -1)) != at:
	button.set_meta("seen_at", at)
	return null
var moved := InputEventMouseMotion.new()
moved.position = at
moved.global_position = at
button.get_viewport().push_input(moved)
if button.get_viewport().gui_get_hovered_control() != button:
	return null  # covered, e.g. by the editor's progress overlay while it imports: a person waits too
for pressed: bool in [true, false]:
	var click := InputEventMouseButton.new()
	click.button_index = MOUSE_BUTTON_LEFT
	click.pressed = pressed
	click.position = at
	click.global_position = at
	button.get_viewport().push_input(click)
return button.text
"""
# What the panel shows once it is idle again (null while it fetches or installs).
READ_PANEL = """
var panel: Control = EditorInterface.get_base_control().find_child("ExtensionCatalog", true, false)
if (panel.find_child("CatalogShow", true, false) as Button).disabled:
	return null
var rows: Node = panel.find_child("CatalogEntries", true, false)
var buttons: Array = rows.find_children("Install*", "Button", true, false).filter(
	func(button: Node) -> bool: return not button.is_queued_for_deletion()
)
return {
	"status": (panel.find_child("CatalogStatus", true, false) as Label).text,
	"buttons": buttons.map(func(button: Node) -> String: return str(button.name)),
}
"""


@pytest.fixture(scope="module")
def catalog_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = tmp_path_factory.mktemp("dock_site")
    with served(site) as base:
        good = extension_zip(site / "hello-1.0.zip", hello_files())
        old = extension_zip(site / "hello-0.9.zip", hello_files("catalog-hello-0.9/"))
        write_catalog(
            site,
            [
                entry("Catalog Hello", f"{base}/hello-1.0.zip", good, min_godot_version="4.5"),
                entry("Catalog Hello", f"{base}/hello-0.9.zip", old, version="0.9"),
                entry("Future Tools", f"{base}/hello-1.0.zip", good, min_toolkit_version="99"),
                entry("Old Engine Tools", f"{base}/hello-1.0.zip", good, max_godot_version="4.2"),
                entry("Plain Repo", f"{base}/hello-1.0.zip", good, repository="http://example.org/plain"),
                entry("Tampered", f"{base}/hello-1.0.zip", "0" * 64),
            ],
        )
        yield f"{base}/catalog.json"


async def press(peer: PeerConnection, button: str) -> dict[str, Any]:
    """Clicks the panel's button once it can be clicked, then waits until the panel is idle again."""
    with anyio.fail_after(SETTLED_WITHIN_S):
        while True:
            if await run_in_editor(peer, CLICK % button) is not None:
                break
            await anyio.sleep(0.1)
        while True:
            state = await run_in_editor(peer, READ_PANEL)
            if isinstance(state, dict):
                return state
            await anyio.sleep(0.1)


def addon_folders(project: Path) -> list[str]:
    return sorted(path.name for path in (project / "addons").iterdir())


async def test_the_dock_lists_what_fits_installs_with_one_click_and_the_extension_loads(
    gui_editor: EngineEditor, catalog_url: str
) -> None:
    point_project_at(gui_editor.project, catalog_url)
    async with editor_peer(gui_editor) as peer:
        await run_in_editor(peer, SHOW_DOCK)
        listed = await press(peer, "CatalogShow")
        tampered = await press(peer, "InstallTampered")
        folders_after_failure = addon_folders(gui_editor.project)
        installed = await press(peer, "InstallCatalogHello")
        extensions = await answer(peer, "extensions.list")
        greeted = await peer.request("catalog_hello.greet", {}, timeout_s=30.0)

    assert listed["buttons"] == ["InstallCatalogHello", "InstallTampered"], "the newest fitting releases"
    assert listed["status"].splitlines() == [
        "2 extension(s) for this toolkit and Godot",
        "catalog entry 5 (Plain Repo) left out: repository missing or malformed",
    ]
    assert "the archive of Tampered 1.0 is not the one the catalog lists (SHA-256" in tampered["status"]
    assert len(tampered["status"].splitlines()) == 1
    assert folders_after_failure == ["godot_live_mcp"], "nothing half-installed, no staging folder"
    assert installed["status"] == (
        f"Installed Catalog Hello 1.0 into res://addons/catalog_hello and enabled {HELLO}."
    )
    assert addon_folders(gui_editor.project) == ["catalog_hello", "godot_live_mcp"]
    assert enabled(gui_editor.project)[HELLO].path == "res://addons/catalog_hello/catalog_hello.gd"
    report = next(item for item in extensions["extensions"] if item["class"] == HELLO)
    assert (report["status"], report["commands"]) == ("loaded", ["catalog_hello.greet"])
    assert isinstance(greeted, dict)
    assert greeted["hello"] == "from the catalog"


async def test_an_unreachable_catalog_is_one_status_line(gui_editor: EngineEditor) -> None:
    point_project_at(gui_editor.project, "http://127.0.0.1:9/catalog.json")  # the discard port
    async with editor_peer(gui_editor) as peer:
        await run_in_editor(peer, SHOW_DOCK)
        state = await press(peer, "CatalogShow")

    assert state["status"].startswith("the catalog at http://127.0.0.1:9/catalog.json is unreachable: ")
    assert len(state["status"].splitlines()) == 1
    assert state["buttons"] == []


async def test_plain_http_is_refused_without_the_test_only_setting(
    gui_editor: EngineEditor, catalog_url: str
) -> None:
    settings = gui_editor.project / ".godot-live-mcp" / "extension_catalog.json"
    settings.write_text(json.dumps({"url": catalog_url}), "utf-8")
    async with editor_peer(gui_editor) as peer:
        state = await press(peer, "CatalogShow")

    assert state["status"].startswith(f"the catalog '{catalog_url}' is not an https:// address")


def test_the_editor_ran_the_catalog_without_warnings_or_errors(gui_editor: EngineEditor) -> None:
    gui_editor.process.stop()
    problems = warnings_and_errors(gui_editor.log_path, KNOWN_DISPLAY_WARNINGS)

    assert not problems, "\n".join(problems)
