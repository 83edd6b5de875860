"""Regression (issue 14): every string that comes from the project or the game must pass the scrubber at
its origin, not only file text, settings and logs. Fake secrets are planted where tools read names and
messages rather than file text: node names, groups, a script's doc comment, exported defaults, signal
names, an identifier a compile error quotes, an input action; then the editor and the running game are
asked about them by every tool that reports such strings. No result (its structured data or its text)
may hold a secret in clear."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, scratch_for
from tests.engine.harness import EngineEditor
from tests.mcp_results import text_of

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

GITHUB = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
STRIPE = "sk_live_51H8abcdefghijklmnopqrst"
HUGGINGFACE = "hf_abcdefghijklmnopqrstuvwxyzABCDEFGH"
NPM = "npm_abcdefghijklmnopqrstuvwxyz0123456789"
AWS = "AKIAIOSFODNN7EXAMPLE"
SLACK = "xoxb-1234567890-abcdefghijkl"
SECRETS = (GITHUB, STRIPE, HUGGINGFACE, NPM, AWS, SLACK)
CLASS = "McpVaultProbe"
SCRIPT = f"""class_name {CLASS}
extends Node
## The vault; its token is {GITHUB}.

signal {HUGGINGFACE}

@export var billing: String = "{STRIPE}"


func token() -> String:
\treturn "{AWS}"
"""
BROKEN = f"extends Node\n\n\nfunc _ready() -> void:\n\tprint({NPM})\n"


def scene_text(script: str) -> str:
    return (
        f'[gd_scene format=3]\n\n[ext_resource type="Script" path="{script}" id="1"]\n\n'
        f'[node name="Vault" type="Node"]\nscript = ExtResource("1")\n\n'
        f'[node name="{SLACK}" type="Node" parent="." groups=["{NPM}"]]\n'
    )


@pytest.fixture(scope="module")
async def vault(
    request: pytest.FixtureRequest, engine_editor: EngineEditor, tools: Client
) -> AsyncIterator[str]:
    scratch: Scratch = scratch_for(request, engine_editor.project)
    await call(tools, "file_write", {"path": scratch.path("vault.gd"), "content": SCRIPT})
    await call(tools, "file_write", {"path": scratch.path("broken.gd"), "content": BROKEN})
    await call(
        tools,
        "file_write",
        {"path": scratch.path("vault.tscn"), "content": scene_text(scratch.path("vault.gd"))},
    )
    await call(tools, "scene_open", {"path": scratch.path("vault.tscn")})
    try:
        yield scratch.path("vault.tscn")
    finally:
        await tools.call_tool("scene_close", {"scene": scratch.path("vault.tscn"), "discard_changes": True})
        await tools.call_tool("folder_delete", {"path": scratch.res, "recursive": True})


def leaks(result: Any) -> list[str]:
    """The secrets a result shows. The text's envelope header is left out: its source names what the call
    asked for (a node path the caller wrote), which is the caller's own words, not the project's."""
    text = text_of(result)
    body = text.split("\n", 1)[-1] if text.startswith("<untrusted-content") else text
    shown = json.dumps(result.structured_content) + body + json.dumps(result.meta or {})
    return [secret for secret in SECRETS if secret in shown]


async def leaks_of(client: Client, calls: list[tuple[str, dict[str, Any]]]) -> dict[str, list[str]]:
    """call -> the secrets its result shows, for the calls that show any; every call must succeed."""
    found = {}
    for tool, arguments in calls:
        result = await client.call_tool(tool, arguments)
        assert not result.is_error, (tool, text_of(result))
        found[f"{tool} {arguments}"] = leaks(result)
    return {call: secrets for call, secrets in found.items() if secrets}


def editor_calls(scene: str) -> list[tuple[str, dict[str, Any]]]:
    folder = scene.rsplit("/", 1)[0]
    return [
        ("scene_get_tree", {"scene": scene, "detail": "full"}),
        ("node_get", {"scene": scene, "node_path": SLACK}),
        ("node_get", {"scene": scene, "node_path": "."}),
        ("node_find", {"scene": scene, "name": "xoxb*"}),
        ("node_list_properties", {"scene": scene, "node_path": "."}),
        ("signal_list", {"scene": scene, "node_path": "."}),
        ("resource_get", {"path": scene}),
        ("script_check", {"path": f"{folder}/broken.gd"}),
        ("script_list", {"path": folder}),
        ("classdb_list_classes", {"filter": "McpVault"}),
        ("file_list", {"path": folder}),
        ("input_map_list", {}),
    ]


def game_calls(scene: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("game_status", {}),
        ("runtime_get_tree", {}),
        ("runtime_find", {"name": "xoxb*"}),
        ("runtime_get_node", {"node_path": "."}),
        ("runtime_get_node", {"node_path": SLACK}),
        ("runtime_call_method", {"node_path": ".", "method": "token"}),
        ("runtime_get_log", {}),
    ]


async def test_names_docs_and_errors_of_the_project_come_scrubbed(tools: Client, vault: str) -> None:
    await call(tools, "input_map_add_action", {"action": STRIPE})
    try:
        leaked = await leaks_of(tools, editor_calls(vault))
    finally:
        await tools.call_tool("input_map_remove_action", {"action": STRIPE})
    checked = await call(tools, "script_check", {"path": vault.replace("vault.tscn", "broken.gd")})
    assert leaked == {}
    assert "[REDACTED:npm_token]" in json.dumps(checked)


async def test_what_the_game_reports_comes_scrubbed(tools: Client, vault: str) -> None:
    await call(tools, "game_start", {"scene": vault})
    try:
        await call(tools, "execute_code", {"code": f'print("the vault says {GITHUB}")'})
        leaked = await leaks_of(tools, game_calls(vault))
        returned = await call(tools, "runtime_call_method", {"node_path": ".", "method": "token"})
    finally:
        await call(tools, "game_stop", {})
    assert leaked == {}
    assert "[REDACTED:aws_access_key]" in json.dumps(returned)
