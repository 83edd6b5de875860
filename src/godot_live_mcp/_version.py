"""The version, written once: the ``version`` of the bundled addon's ``plugin.cfg``.

The build reads it there with the same pattern (``[tool.hatch.version]`` in pyproject.toml), and the
addon's ``contract_data.gd`` reads it there too.
"""

from __future__ import annotations

import re
from importlib import resources

PLUGIN_CFG = ("addon", "addons", "godot_live_mcp", "plugin.cfg")
VERSION_PATTERN = r'^version="(?P<version>[^"]+)"'


def plugin_cfg_version() -> str:
    """The ``version`` line of the bundled ``plugin.cfg``."""
    text = resources.files("godot_live_mcp").joinpath(*PLUGIN_CFG).read_text("utf-8")
    found = re.search(VERSION_PATTERN, text, flags=re.MULTILINE)
    if found is None:
        raise RuntimeError("the bundled addon's plugin.cfg has no version line")
    return found["version"]
