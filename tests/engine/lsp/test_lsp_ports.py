"""Each editor the server launches gets a free language server port, published in its registry entry and
listened on only while the lsp tools use it (tests/regressions/test_language_server_and_debug_adapter_
were_open_to_any_local_process.py); its debug adapter's port is held by the launcher, so the adapter never
listens and none is published."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def launched_with(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")


async def test_the_editor_publishes_its_language_server_port(
    engine_editor: EngineEditor, tools: Client
) -> None:
    instance = engine_editor.instance
    assert instance.lsp_port is not None
    assert instance.dap_port is None
    args = launched_with(instance.pid)
    assert args[args.index("--lsp-port") + 1] == str(instance.lsp_port)
    dap_port = int(args[args.index("--dap-port") + 1])
    await call(tools, "lsp_symbols", {"path": "res://scripts/level.gd"})
    with socket.create_connection(("127.0.0.1", instance.lsp_port), timeout=5):
        pass  # open while in use
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", dap_port), timeout=5).close()
