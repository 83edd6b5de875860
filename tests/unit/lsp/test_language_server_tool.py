"""An lsp tool against a scripted language server on a real local socket: the conversation it holds,
the answer it shapes, and the LSP_UNAVAILABLE it gives when no server answers."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path

import anyio
import pytest
from anyio.abc import SocketStream

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.contract import ToolError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import free_port
from godot_live_mcp.lsp._framing import FrameReader, encode_frame
from godot_live_mcp.server_tools import input_schema
from godot_live_mcp.server_tools.lsp import COMMANDS, LanguageServerTool

pytestmark = pytest.mark.anyio

Answer = Callable[[JsonObject], list[JsonObject]]


def editor(project: Path, lsp_port: int | None) -> EditorInstance:
    return EditorInstance(
        project_hash="abc",
        project_path=project,
        project_name="Fake",
        editor_port=6550,
        pid=1,
        godot_version="4.6.3",
        plugin_version="0.1.0",
        protocol_version=1,
        token_path=project / "token",
        headless=True,
        started_unix=0.0,
        lsp_port=lsp_port,
    )


def tool(name: str, instance: EditorInstance) -> LanguageServerTool:
    return LanguageServerTool(name, COMMANDS[name].run, lambda: instance)


def godot_like(message: JsonObject) -> list[JsonObject]:
    """Answers as Godot's server does: initialize, diagnostics on didOpen, an error for the unknown."""
    method, ident = message.get("method"), message.get("id")
    if method == "initialize":
        return [{"jsonrpc": "2.0", "method": "gdscript/capabilities", "params": {}}, _answer(ident, {})]
    if method == "textDocument/didOpen":
        uri = message["params"]["textDocument"]["uri"]  # type: ignore[call-overload,index]
        broken: JsonObject = {
            "range": {"start": {"line": 1, "character": 1}},
            "severity": 1,
            "message": "Bad thing.",
        }
        return [
            {
                "jsonrpc": "2.0",
                "method": "textDocument/publishDiagnostics",
                "params": {"uri": uri, "diagnostics": [broken]},
            }
        ]
    if method == "textDocument/hover":
        return [{"jsonrpc": "2.0", "id": ident, "error": {"code": -32601, "message": "Method not found"}}]
    return [] if ident is None else [_answer(ident, None)]


def _answer(ident: object, result: object) -> JsonObject:
    return {"jsonrpc": "2.0", "id": ident, "result": result}  # type: ignore[dict-item]


@pytest.fixture
async def server_port() -> AsyncIterator[int]:
    async def serve(stream: SocketStream) -> None:
        reader = FrameReader()
        async with stream:
            async for data in stream:
                for message in reader.feed(data):
                    for reply in godot_like(message):
                        await stream.send(encode_frame(reply))

    listener = await anyio.create_tcp_listener(local_host="127.0.0.1", local_port=0)
    async with listener, anyio.create_task_group() as tasks:
        tasks.start_soon(listener.serve, serve)
        yield listener.extra(anyio.abc.SocketAttribute.local_port)
        tasks.cancel_scope.cancel()


async def test_unsaved_text_is_checked_and_shaped(server_port: int, tmp_path: Path) -> None:
    arguments: JsonObject = {"path": "res://new.gd", "text": "extends Node\n\tbroken here\n"}
    reply = await tool("lsp_diagnostics", editor(tmp_path, server_port)).invoke(arguments, 10.0)
    assert isinstance(reply, CommandSuccess)
    assert reply.data["diagnostics"] == [
        {"path": "res://new.gd", "line": 2, "column": 2, "severity": "error", "message": "Bad thing."}
    ]
    assert (reply.data["checked"], reply.data["errors"], reply.data["total_diagnostics"]) == (1, 1, 1)


async def test_a_refused_request_names_the_method(server_port: int, tmp_path: Path) -> None:
    (tmp_path / "a.gd").write_text("extends Node\n", "utf-8")
    with pytest.raises(ToolError) as refused:
        await tool("lsp_hover", editor(tmp_path, server_port)).invoke(
            {"path": "res://a.gd", "line": 1, "column": 1}, 10.0
        )
    assert refused.value.code == "INVALID_OPERATION"
    assert "textDocument/hover" in refused.value.message


async def test_no_server_on_the_port_is_lsp_unavailable(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as refused:
        await tool("lsp_diagnostics", editor(tmp_path, free_port())).invoke({}, 30.0)
    assert refused.value.code == "LSP_UNAVAILABLE"
    assert "--lsp-port" in refused.value.hint


async def test_an_editor_without_a_published_port_is_lsp_unavailable(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as refused:
        await tool("lsp_symbols", replace(editor(tmp_path, None))).invoke({"query": "x"}, 10.0)
    assert refused.value.code == "LSP_UNAVAILABLE"
    assert "publishes no language server port" in refused.value.message


def test_every_tool_is_read_only_and_says_positions_are_1_based() -> None:
    for name, spec in COMMANDS.items():
        assert name.startswith("lsp_")
        assert spec.marks == "read_only idempotent"
        if "line" in str(input_schema(spec.args)["properties"]):
            assert "1-based" in spec.text, name
    assert json.dumps([spec.text for spec in COMMANDS.values()]).count("script_patch") == 1
