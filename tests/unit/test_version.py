"""The version is written once, in the addon's plugin.cfg: the build, ``__version__`` and the addon
(``ContractData.plugin_version``) all read it there, and no source keeps a copy."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from godot_live_mcp import __version__
from godot_live_mcp._version import VERSION_PATTERN
from godot_live_mcp.contract import addon_source_dir

REPO = Path(__file__).resolve().parents[2]
PLUGIN_CFG = addon_source_dir() / "plugin.cfg"


def test_the_build_takes_the_version_from_plugin_cfg_with_the_same_pattern() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    assert "version" not in pyproject["project"]
    assert "version" in pyproject["project"]["dynamic"]
    source = pyproject["tool"]["hatch"]["version"]
    assert (REPO / source["path"]).resolve() == PLUGIN_CFG.resolve()
    assert source["pattern"] == VERSION_PATTERN
    found = re.search(source["pattern"], PLUGIN_CFG.read_text("utf-8"), flags=re.MULTILINE)
    assert found is not None
    assert found["version"] == __version__


def test_the_installed_distribution_has_the_same_version() -> None:
    assert metadata.version("godot-live-mcp") == __version__, (
        "the installed metadata is stale: reinstall with `make setup` (pip install -e .)"
    )


def test_the_addon_reads_its_version_from_plugin_cfg() -> None:
    contract_data = (addon_source_dir() / "contract" / "contract_data.gd").read_text("utf-8")
    assert 'const PLUGIN_CFG_PATH := "res://addons/godot_live_mcp/plugin.cfg"' in contract_data
    assert 'config.get_value("plugin", "version"' in contract_data


def test_no_source_keeps_a_copy_of_the_version() -> None:
    literal = re.compile(rf"""["']{re.escape(__version__)}["']""")
    package = REPO / "src" / "godot_live_mcp"
    copies = [
        str(path.relative_to(package))
        for pattern in ("*.py", "*.gd", "*.json")
        for path in package.rglob(pattern)
        if literal.search(path.read_text("utf-8"))
    ]
    assert copies == []
