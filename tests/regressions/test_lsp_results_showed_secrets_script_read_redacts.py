"""Regression (issue 21): lsp_hover, lsp_symbols, lsp_references and lsp_definition answered with a script's
secret constant in clear, which script_read redacts: the language server's answers reached the client
without the scrubber. Every answer now leaves the server through the one seal (server/result_seal.py)."""

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

SECRET = "ghp_" + "Q7" * 18
STRIPE = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
SCRIPT = (
    f'extends Node\n\nconst VAULT_KEY := "{SECRET}"\nvar billing: String = "{STRIPE}"\n\n\n'
    "func _ready() -> void:\n\tprint(VAULT_KEY, billing)\n"
)


@pytest.fixture
async def vault(
    request: pytest.FixtureRequest, engine_editor: EngineEditor, tools: Client
) -> AsyncIterator[str]:
    scratch: Scratch = scratch_for(request, engine_editor.project)
    await call(tools, "file_write", {"path": scratch.path("vault.gd"), "content": SCRIPT})
    try:
        yield scratch.path("vault.gd")
    finally:
        await tools.call_tool("folder_delete", {"path": scratch.res, "recursive": True})


def shown(result: Any) -> str:
    return json.dumps(result.structured_content) + text_of(result) + json.dumps(result.meta or {})


async def test_the_language_servers_answers_come_scrubbed(tools: Client, vault: str) -> None:
    read = await call(tools, "script_read", {"path": vault})
    assert SECRET not in json.dumps(read)  # what script_read has always done
    calls: list[tuple[str, dict[str, Any]]] = [
        ("lsp_hover", {"path": vault, "line": 3, "column": 9}),
        ("lsp_definition", {"path": vault, "line": 8, "column": 10}),
        ("lsp_references", {"path": vault, "line": 3, "column": 9}),
        ("lsp_symbols", {"path": vault}),
        ("lsp_symbols", {"query": "VAULT_KEY"}),
    ]
    answered = {}
    for tool, arguments in calls:
        result = await tools.call_tool(tool, arguments)
        assert not result.is_error, (tool, text_of(result))
        answered[f"{tool} {arguments}"] = shown(result)
    leaked = {name: text for name, text in answered.items() if SECRET in text or STRIPE in text}
    assert leaked == {}
    references = answered[f"lsp_references {calls[2][1]}"]
    assert "[REDACTED:" in references  # the lines were there, redacted: not merely left out
