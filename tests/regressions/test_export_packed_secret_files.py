"""Issue 21: a preset with `include_filter: "keys/*,*.pem,.env"` packed ten planted secrets, which
`file_read` then returned as base64. Secret files now never ship: the addon's export plugin leaves them
out whatever the include filter says, and says so; a build that holds one anyway (the plugin did not
run) is deleted; and `file_read` refuses packs and archives, whose members the scrubber cannot see."""

from __future__ import annotations

import io
import struct
import tarfile
import zipfile
from pathlib import Path

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._pck import pack_files
from godot_live_mcp.server.tool_table import ToolEntry
from godot_live_mcp.server_tools import ServerContext, export, group_entries
from tests.engine.authoring._helpers import call as call_tool
from tests.engine.authoring._helpers import call_fails
from tests.engine.harness import EngineEditor, copy_demo_project
from tests.engine.project_tests._calls import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SECRET_FILES = (
    "keys/server.key",
    "keys/id_rsa",
    "keys/deploy.pem",
    "cert.pem",
    ".env",
    ".env.production",
    "credentials.json",
    "secrets.json",
    "config/service-account-ci.json",
    "config/.netrc",
)
FILTER = "keys/*,*.pem,.env,.env.*,*.json,config/.netrc"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = copy_demo_project(tmp_path_factory.mktemp("export_secrets") / "game", test_extensions=False)
    for name in SECRET_FILES:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("password = hunter2hunter2\n")
    (folder / "levels.json").write_text('{"levels": 3}\n')  # no secret: the filter still takes it
    return folder


@pytest.fixture(scope="module")
def export_tools(project: Path) -> list[ToolEntry]:
    return group_entries(export.GROUP, ServerContext(lambda: project))


async def test_secret_files_never_ship_whatever_the_include_filter_says(
    project: Path, export_tools: list[ToolEntry]
) -> None:
    await call(export_tools, "export_create_preset", {"name": "Pack", "include_filter": FILTER})

    result = await call(export_tools, "export_run", {"preset": "Pack", "mode": "pack"})

    packed = pack_files(Path(result["output"]))
    assert "res://levels.json" in packed
    assert [path for path in packed if path.removeprefix("res://") in SECRET_FILES] == []
    [warning] = [line for line in result["warnings"] if "secret file" in line]
    assert "left out 10 secret file(s)" in warning


async def test_a_build_holding_a_secret_file_is_deleted(project: Path, export_tools: list[ToolEntry]) -> None:
    # Without the addon's export plugin (disabled in the project), the engine packs what the filter names.
    settings = project / "project.godot"
    original = settings.read_text()
    enabled = 'enabled=PackedStringArray("res://addons/godot_live_mcp/plugin.cfg")'
    assert enabled in original
    try:
        settings.write_text(original.replace(enabled, "enabled=PackedStringArray()"))
        with pytest.raises(ToolError) as raised:
            await call(
                export_tools, "export_run", {"preset": "Pack", "mode": "pack", "output": "build/raw.pck"}
            )
    finally:
        settings.write_text(original)
    assert raised.value.code == ErrorCode.PERMISSION_DENIED
    assert "res://.env" in raised.value.message
    assert "deleted" in raised.value.message
    assert not (project / "build" / "raw.pck").exists()


def _zip_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(".env", "password = hunter2hunter2\n")
    return buffer.getvalue()


def _tar_bytes() -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        data = b"password = hunter2hunter2\n"
        member = tarfile.TarInfo(".env")
        member.size = len(data)
        archive.addfile(member, io.BytesIO(data))
    return buffer.getvalue()


def _pack_bytes() -> bytes:
    return b"GDPC" + struct.pack("<5I", 3, 4, 6, 3, 0) + b"\0" * 64


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("game.pck", _pack_bytes()),
        ("bundle.zip", _zip_bytes()),
        ("renamed.dat", _zip_bytes()),  # a zip by its bytes, whatever its name
        ("backup.bin", _tar_bytes()),
        ("game.x86_64", b"\x7fELF" + b"\0" * 60 + _pack_bytes() + struct.pack("<Q", 88) + b"GDPC"),
    ],
)
async def test_file_read_refuses_packs_and_archives(
    tools: Client, engine_editor: EngineEditor, name: str, content: bytes
) -> None:
    folder = engine_editor.project / "tests_tmp" / "packs"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(content)
    for encoding in ("base64", "text"):
        refused = await call_fails(
            tools, "file_read", {"path": f"res://tests_tmp/packs/{name}", "encoding": encoding}, "PATH_DENIED"
        )
        assert "pack or an archive" in refused["message"]
        assert "export_run" in refused["hint"]


async def test_file_read_still_reads_other_binary_files(tools: Client) -> None:
    read = await call_tool(tools, "file_read", {"path": "res://icon.svg", "encoding": "base64"})
    assert read["content"]
