"""Where the Linux export templates are: the preset's own paths, the editor's standard templates folder
(where ``godot install --with-templates`` links the private install's Debian templates), or the private
install itself."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.godot import default_prefix
from godot_live_mcp.godot._elf_patch import TEMPLATE_BINARIES
from godot_live_mcp.godot.standard_templates import standard_template

__all__ = ["INSTALL_HINT", "Templates", "debian_templates", "require_template", "standard_template"]

INSTALL_HINT = (
    "Run `godot-live-mcp godot install --with-templates` (Debian's templates, for the private Godot), or "
    "install them in the editor (Editor > Manage Export Templates): Godot finds them by its version."
)


@dataclass(frozen=True)
class Templates:
    debug: str
    release: str


def debian_templates(godot: Path | None) -> Templates | None:
    """Debian's templates next to ``godot`` (a private install), else in the default private prefix."""
    folders = [godot.parent] if godot is not None else []
    folders.append(default_prefix() / TEMPLATE_BINARIES[0].parent)
    for folder in folders:
        debug, release = (folder / template.name for template in TEMPLATE_BINARIES)
        if debug.is_file() and release.is_file():
            return Templates(str(debug), str(release))
    return None


def require_template(preset_name: str, configured: str, mode: str, standard: Path | None) -> None:
    """Fail before Godot's unhelpful ``Failed to open ''`` when the preset's ``mode`` template is missing."""
    if configured and Path(configured).is_file():
        return
    if configured:
        raise ToolError(
            ErrorCode.SETUP_FAILED,
            f"The preset {preset_name!r} names the {mode} template {configured}, which does not exist.",
            INSTALL_HINT,
        )
    if standard is None:
        raise ToolError(
            ErrorCode.SETUP_FAILED,
            f"The preset {preset_name!r} has no {mode} export template and Godot has none installed.",
            INSTALL_HINT,
        )
