"""Finding the Godot binary to run, and installing one privately from Debian's archive (apt, patchelf)
with a software display (Mesa, Xvfb) for rendering without a GPU. Apart from the instance registry and
the editor launcher, which only ask ``find_godot`` for a binary."""

from godot_live_mcp.godot._prefix import PREFIX_ENV, default_prefix, prefix_binary
from godot_live_mcp.godot.display import (
    DISPLAY_PACKAGES,
    DisplayError,
    XDisplay,
    rendering_env,
    start_display,
)
from godot_live_mcp.godot.install import (
    GodotInstallError,
    InstallProgress,
    InstallResult,
    Suite,
    install_godot,
)
from godot_live_mcp.godot.locator import GODOT_BIN_ENV, GodotBinary, GodotNotFound, find_godot, godot_version

__all__ = [
    "DISPLAY_PACKAGES",
    "GODOT_BIN_ENV",
    "PREFIX_ENV",
    "DisplayError",
    "GodotBinary",
    "GodotInstallError",
    "GodotNotFound",
    "InstallProgress",
    "InstallResult",
    "Suite",
    "XDisplay",
    "default_prefix",
    "find_godot",
    "godot_version",
    "install_godot",
    "prefix_binary",
    "rendering_env",
    "start_display",
]
