"""What a build ships, read back after the export: the files of its pack (a ``.pck`` beside the
binary, embedded in it, or a ``.zip`` pack). Secret files never ship: the addon's export plugin leaves
them out, and a build that holds one anyway (the plugin did not run) is deleted here."""

from __future__ import annotations

import zipfile
from pathlib import Path

from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._pck import pack_files
from godot_live_mcp.security.secret_file_names import SecretNames

__all__ = ["refuse_shipped_secrets", "shipped_files"]


def shipped_files(output: Path, mode: str) -> list[str] | None:
    """The res:// paths the build's pack holds; None when it has no pack the server can list (an
    encrypted directory, whose files are unreadable without the project's key)."""
    pack = output if mode == "pack" else output.with_suffix(".pck")
    if not pack.is_file():
        pack = output
    try:
        if zipfile.is_zipfile(pack) and pack.suffix == ".zip":
            with zipfile.ZipFile(pack) as archive:
                return ["res://" + name.removeprefix("res://") for name in archive.namelist()]
        return pack_files(pack)
    except ToolError:  # EncryptedPackError, or no pack at all (the platform keeps it elsewhere)
        return None


def refuse_shipped_secrets(
    secrets: SecretNames, members: list[str] | None, output: Path, written: list[JsonValue]
) -> None:
    """``PERMISSION_DENIED``, with the files this export wrote deleted, when the pack holds a secret file."""
    found = [path for path in members or [] if secrets.pattern_for(path) is not None]
    if not found:
        return
    for entry in written:
        if isinstance(entry, dict):
            Path(str(entry["path"])).unlink(missing_ok=True)
    output.unlink(missing_ok=True)
    shown = ", ".join(found[:10]) + (f" and {len(found) - 10} more" if len(found) > 10 else "")
    raise ToolError(
        ErrorCode.PERMISSION_DENIED,
        f"The build held secret files ({shown}), so it was deleted: secret files never ship.",
        "Enable the godot_live_mcp addon in the project (its export plugin leaves secret files out), "
        "or rename files that are no secrets; include_filter cannot add them.",
    )
