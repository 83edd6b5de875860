"""asset.import and asset.reimport on the real editor: files copied only from allowed folders, imports
settled before the answer, import settings changed and read back, each one undoable."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SETTING = "godot_live_mcp/assets/import_from"


@pytest.fixture
async def outside(tools: Client, tmp_path: Path, engine_editor: EngineEditor) -> AsyncIterator[Path]:
    """A folder outside the project, allowed for this test only (set in memory, never saved), with a png."""
    folder = tmp_path / "incoming"
    folder.mkdir()
    shutil.copy(engine_editor.project / "textures" / "coin.png", folder / "gem.png")
    await _allow(tools, [str(folder)])
    yield folder
    await _allow(tools, [])


async def _allow(tools: Client, folders: list[str]) -> None:
    listed = ", ".join(f'"{folder}"' for folder in folders)
    code = f"ProjectSettings.set_setting('{SETTING}', PackedStringArray([{listed}]))\nreturn true"
    await call(tools, "editor_execute", {"code": code})


async def test_a_file_from_an_allowed_folder_is_imported_undone_and_redone(
    tools: Client, outside: Path, scratch: Scratch
) -> None:
    made = await call(tools, "asset_import", {"source": str(outside / "gem.png"), "path": scratch.res + "/"})
    path = scratch.path("gem.png")
    assert (made["path"], made["status"], made["imported"]) == (path, "created", True)
    assert made["type"] == "CompressedTexture2D"
    assert scratch.file("gem.png").read_bytes() == (outside / "gem.png").read_bytes()
    listed = await call(tools, "asset_list", {"type": "Texture2D", "folder": scratch.res})
    assert [row["path"] for row in listed["assets"]] == [path]
    await undo(tools)
    assert not scratch.file("gem.png").exists()
    await redo(tools)
    assert scratch.file("gem.png").exists()


async def test_a_source_outside_the_allowed_folders_is_refused(
    tools: Client, outside: Path, scratch: Scratch, engine_editor: EngineEditor
) -> None:
    project_file = engine_editor.project / "textures" / "coin.png"
    refused = await call_fails(
        tools, "asset_import", {"source": str(project_file), "path": scratch.res + "/"}, "PATH_DENIED"
    )
    sneaky = str(outside / ".." / "gem.png")
    escaped = await call_fails(
        tools, "asset_import", {"source": sneaky, "path": scratch.res + "/"}, "PATH_DENIED"
    )
    missing = await call_fails(
        tools, "asset_import", {"source": str(outside / "none.png"), "path": scratch.res + "/"}, "NOT_FOUND"
    )
    assert SETTING in refused["hint"]
    assert SETTING in escaped["hint"]
    assert missing["hint"]
    assert not scratch.disk.exists()


async def test_nothing_is_importable_until_a_folder_is_allowed(
    tools: Client, tmp_path: Path, scratch: Scratch
) -> None:
    source = tmp_path / "a.png"
    source.write_bytes(b"not really")
    refused = await call_fails(
        tools, "asset_import", {"source": str(source), "path": scratch.path("a.png")}, "PATH_DENIED"
    )
    assert SETTING in refused["hint"]


async def test_import_settings_are_changed_read_back_undone_and_redone(
    tools: Client, outside: Path, scratch: Scratch
) -> None:
    path = scratch.path("gem.png")
    await call(tools, "asset_import", {"source": str(outside / "gem.png"), "path": path})
    listed = await call(tools, "asset_reimport", {"path": path})
    changed = await call(tools, "asset_reimport", {"path": path, "settings": {"mipmaps/generate": True}})
    assert listed["importer"] == "texture"
    assert listed["settings"]["mipmaps/generate"] is False
    assert changed["changed"] == ["mipmaps/generate"]
    assert changed["settings"]["mipmaps/generate"] is True
    assert "mipmaps/generate=true" in scratch.file("gem.png.import").read_text()
    await undo(tools)
    assert "mipmaps/generate=false" in scratch.file("gem.png.import").read_text()
    await redo(tools)
    assert "mipmaps/generate=true" in scratch.file("gem.png.import").read_text()


async def test_reimport_refuses_unknown_settings_wrong_values_and_files_not_imported(
    tools: Client, outside: Path, scratch: Scratch
) -> None:
    path = scratch.path("gem.png")
    await call(tools, "asset_import", {"source": str(outside / "gem.png"), "path": path})
    unknown = await call_fails(
        tools, "asset_reimport", {"path": path, "settings": {"nope": 1}}, "INVALID_PARAMS"
    )
    wrong = await call_fails(
        tools, "asset_reimport", {"path": path, "settings": {"mipmaps/generate": "yes"}}, "INVALID_PARAMS"
    )
    plain = await call_fails(tools, "asset_reimport", {"path": "res://scripts/coin.gd"}, "INVALID_PARAMS")
    assert "mipmaps/generate" in unknown["hint"]
    assert "bool" in wrong["message"]
    assert "asset_list" in plain["hint"]


async def test_an_import_reports_its_progress(tools: Client, outside: Path, scratch: Scratch) -> None:
    seen: list[tuple[float, float | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total))

    arguments = {"source": str(outside / "gem.png"), "path": scratch.path("gem.png")}
    result = await tools.call_tool("asset_import", arguments, progress_callback=on_progress)
    assert not result.is_error
    assert seen == [(0, 3), (1, 3), (3, 3)]
