"""An extension catalog and its archives, served from a folder by a local HTTP server on 127.0.0.1
(its own process, stopped by its pid), for the CLI's and the dock's catalog tests."""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

SETTINGS = ".godot-live-mcp/extension_catalog.json"
HELLO = "CatalogHello"
HELLO_SOURCE = (
    f"@tool\nclass_name {HELLO}\nextends MCPToolkitExtension\n\n\n"
    "func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:\n"
    '\tvar options: MCPToolkitExtensionOptions = registry.create_extension_options("Say hello.")\n'
    '\tregistry.add("catalog_hello.greet", _greet, options.mark_read_only())\n\n\n'
    "func _greet(_params: Dictionary) -> Dictionary:\n"
    '\treturn MCPToolkitSuccess.ok({"hello": "from the catalog"})\n'
)


def extension_zip(path: Path, files: dict[str, str]) -> str:
    """Writes a zip of ``files`` (archive path -> text) and returns its SHA-256."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return hashlib.sha256(path.read_bytes()).hexdigest()


def hello_files(top: str = "catalog-hello-1.0/") -> dict[str, str]:
    """A repository archive as GitHub makes it: one top folder, the addon, and a README at its root."""
    return {
        f"{top}README.md": "Catalog Hello: says hello.\n",
        f"{top}addons/catalog_hello/catalog_hello.gd": HELLO_SOURCE,
    }


def entry(name: str, archive: str, sha256: str, **fields: str) -> dict[str, str]:
    return {
        "name": name,
        "description": f"{name}: an extension of the test catalog.",
        "repository": f"https://example.org/{name.lower().replace(' ', '-')}",
        "version": "1.0",
        "archive": archive,
        "sha256": sha256,
        **fields,
    }


def write_catalog(folder: Path, entries: list[Any]) -> None:
    (folder / "catalog.json").write_text(json.dumps({"format": 1, "extensions": entries}), "utf-8")


def point_project_at(project: Path, url: str) -> None:
    """The person's settings file: this catalog, and loopback http allowed for the test."""
    settings = project / SETTINGS
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"url": url, "allow_loopback_http_for_tests": True}), "utf-8")


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``http://127.0.0.1:PORT`` serving ``folder`` while the block runs."""
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        found = re.search(r"port (\d+)", process.stdout.readline())
        assert found, "the test server says its port"
        yield f"http://127.0.0.1:{found.group(1)}"
    finally:
        os.kill(process.pid, signal.SIGTERM)
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()
