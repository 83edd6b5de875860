"""Each editor the server launches gets free language server and debug adapter ports, and publishes them
in its registry entry."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine]


def test_the_editor_publishes_its_language_server_ports(engine_editor: EngineEditor) -> None:
    instance = engine_editor.instance
    assert instance.lsp_port is not None
    assert instance.dap_port is not None
    launched = Path(f"/proc/{instance.pid}/cmdline")
    if launched.exists():  # the launcher chose them: the ports the editor was started with
        args = launched.read_bytes().decode().split("\0")
        assert args[args.index("--lsp-port") + 1] == str(instance.lsp_port)
        assert args[args.index("--dap-port") + 1] == str(instance.dap_port)
    for port in (instance.lsp_port, instance.dap_port):
        assert listens_soon(port), f"nothing listens on {port}"


def listens_soon(port: int, within_s: float = 15.0) -> bool:
    """The servers start listening about 2 s after the editor (its entry may come first)."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.1)
    return False
