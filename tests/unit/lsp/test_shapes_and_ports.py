"""Compact answers from raw LSP results, and the ports an editor is launched with and publishes."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import language_server_ports
from godot_live_mcp.lsp import ProjectUris
from godot_live_mcp.lsp._shapes import completion_items, hover_text, symbol_entries, workspace_edits

ENTRY: dict[str, object] = {
    "schema": 1,
    "project_hash": "abc",
    "project_path": "/p",
    "project_name": "P",
    "editor_port": 6550.0,
    "pid": 7.0,
    "godot_version": "4.6.3",
    "plugin_version": "0.1.0",
    "protocol_version": 1.0,
    "token_path": "/t",
    "headless": True,
    "started_unix": 1.5,
}


def test_the_registry_entry_carries_the_ports_when_published() -> None:
    published = EditorInstance.from_json({**ENTRY, "lsp_port": 41000.0, "dap_port": 41001.0})
    assert (published.lsp_port, published.dap_port) == (41000, 41001)
    older = EditorInstance.from_json(ENTRY)
    assert (older.lsp_port, older.dap_port) == (None, None)


def test_the_launcher_keeps_chosen_ports_and_picks_free_ones_otherwise() -> None:
    ports = language_server_ports(["--lsp-port", "7005"])
    assert ports["--lsp-port"] == 7005
    assert 0 < ports["--dap-port"] < 65536
    chosen = ["--lsp-port", "7005", "--dap-port", "7006"]
    assert language_server_ports(chosen) == {"--lsp-port": 7005, "--dap-port": 7006}


def test_hover_shows_project_links_as_paths() -> None:
    found: JsonObject = {
        "contents": {"kind": "markdown", "value": "\tvar x\n\nDefined in [res://a.gd](file:///p/a.gd)"}
    }
    assert hover_text(found) == "var x\n\nDefined in res://a.gd"


def test_completion_keeps_what_matches_the_word_typed() -> None:
    found: JsonValue = [
        {"label": "add_child(…)", "kind": 2, "insertText": "add_child("},
        {"label": "queue_free()", "kind": 2},
    ]
    assert completion_items(found, "ADD") == [
        {"label": "add_child(…)", "kind": "method", "insert": "add_child("}
    ]


def test_an_outline_names_the_container_of_an_inner_class_member() -> None:
    member: JsonObject = {"name": "x", "kind": 13, "range": {"start": {"line": 3, "character": 5}}}
    inner: JsonObject = {"name": "Inner", "kind": 5, "range": {"start": {"line": 2, "character": 0}}}
    inner["children"] = [member]
    script: JsonValue = [
        {"name": "a.gd", "kind": 5, "range": {"start": {"line": 0, "character": 0}}, "children": [inner]}
    ]
    entries = symbol_entries(["", "", "class Inner:", "\tvar x"], script)
    assert [(e["name"], e.get("container"), e["line"]) for e in entries] == [
        ("a.gd", None, 1),
        ("Inner", None, 3),
        ("x", "Inner", 4),
    ]


def test_document_changes_become_edits(tmp_path: Path) -> None:
    uris = ProjectUris(tmp_path)
    uri = uris.uri("res://a.gd")
    edit: JsonObject = {
        "range": {"start": {"line": 0, "character": 4}, "end": {"line": 0, "character": 7}},
        "newText": "b",
    }
    found: JsonObject = {"documentChanges": [{"textDocument": {"uri": uri, "version": 1}, "edits": [edit]}]}
    assert workspace_edits(uris, lambda _: ["var abc"], found) == [
        {"path": "res://a.gd", "line": 1, "column": 5, "end_line": 1, "end_column": 8, "new_text": "b"}
    ]
