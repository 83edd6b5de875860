"""Files that are secrets by their name, as the addon's ``security/secret_files.gd`` judges them: the
names of contract.json ``secret_files`` plus the project's setting ``godot_live_mcp/security/secret_files``,
matched like Godot's ``String.matchn`` (``*`` and ``?``, case ignored); none when a person set
``godot_live_mcp/security/allow_secret_files``."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from godot_live_mcp.contract import addon_source_dir
from godot_live_mcp.export._project_settings import project_setting

__all__ = ["SecretNames", "secret_names"]

EXTRA_SETTING = "godot_live_mcp/security/secret_files"
ALLOW_SETTING = "godot_live_mcp/security/allow_secret_files"


class SecretNames:
    """The name patterns of one project's secret files."""

    def __init__(self, patterns: Sequence[str]) -> None:
        self.patterns = tuple(patterns)
        self._regexes = tuple(_wildcard(pattern) for pattern in self.patterns)

    def pattern_for(self, path: str) -> str | None:
        """The first pattern the file name of ``path`` matches, or None."""
        name = path.rstrip("/").rsplit("/", 1)[-1]
        for pattern, regex in zip(self.patterns, self._regexes, strict=True):
            if regex.fullmatch(name):
                return pattern
        return None


def secret_names(project: Path) -> SecretNames:
    if project_setting(project, ALLOW_SETTING) is True:
        return SecretNames(())
    extra = project_setting(project, EXTRA_SETTING)
    listed = extra.split(",") if isinstance(extra, str) else extra if isinstance(extra, list) else []
    own = [str(item).strip() for item in listed if str(item).strip()]
    return SecretNames([*_contract_patterns(), *own])


@cache
def _contract_patterns() -> tuple[str, ...]:
    raw = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    return tuple(str(pattern) for pattern in raw["secret_files"])


def _wildcard(pattern: str) -> re.Pattern[str]:
    parts = ("." if char == "?" else ".*" if char == "*" else re.escape(char) for char in pattern)
    return re.compile("".join(parts), re.IGNORECASE | re.DOTALL)
