"""The catalog's rules (contract.json ``extension_catalog``, which the dock applies too) and the person's
settings file (``person_only_files.catalog_file``), which only a person edits."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from godot_live_mcp.contract import SetupError, addon_source_dir


class CatalogError(SetupError):
    """A catalog that cannot be read, an entry that cannot be installed, a download that failed: one
    line, the fix included."""

    default_code: ClassVar[str] = "SETUP_FAILED"

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message


@dataclass(frozen=True)
class CatalogRules:
    """What a catalog and its archives must be, and where they may come from."""

    default_url: str
    format: int
    required: dict[str, re.Pattern[str]]
    optional: dict[str, re.Pattern[str]]
    addon_folder: re.Pattern[str]
    refused_folders: tuple[str, ...]
    limits: dict[str, int]
    timeout_s: float
    staging_prefix: str
    secure_prefixes: tuple[str, ...]

    def check_url(self, url: str, what: str) -> None:
        """``CatalogError`` unless ``url`` starts with an allowed prefix (https, loopback for tests)."""
        if not url.startswith(self.secure_prefixes):
            raise CatalogError(
                f"{what} {url!r} is not an https:// address",
                "a catalog and its archives are fetched over https only",
            )


@dataclass(frozen=True)
class CatalogSettings:
    """The person's choice of catalog, read from the settings file (absent: the default catalog)."""

    url: str
    loopback_http: bool


def settings_file(project: Path) -> Path:
    return project / str(_section("person_only_files")["catalog_file"])


def read_settings(project: Path) -> CatalogSettings:
    """The settings file's ``url`` (else the default) and its test-only loopback switch."""
    raw = _section("extension_catalog")
    path = settings_file(project)
    data: Any = {}
    if path.is_file():
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError) as error:
            raise CatalogError(f"{path} is not readable JSON: {error}", "fix or delete that file") from error
    if not isinstance(data, dict):
        raise CatalogError(f"{path} is not a JSON object", 'write {"url": "https://..."} into it')
    url = data.get("url") or raw["default_url"]
    return CatalogSettings(str(url), data.get(str(raw["loopback_http_setting"])) is True)


def load_rules(settings: CatalogSettings) -> CatalogRules:
    raw = _section("extension_catalog")
    prefixes = [str(raw["secure_prefix"])]
    if settings.loopback_http:
        prefixes.append(str(raw["loopback_http_prefix"]))
    return CatalogRules(
        default_url=str(raw["default_url"]),
        format=int(raw["format"]),
        required={name: re.compile(pattern) for name, pattern in raw["required"].items()},
        optional={name: re.compile(pattern) for name, pattern in raw["optional"].items()},
        addon_folder=re.compile(str(raw["addon_folder"])),
        refused_folders=tuple(str(name) for name in raw["refused_folders"]),
        limits={name: int(value) for name, value in raw.items() if name.startswith("max_")},
        timeout_s=int(raw["timeout_ms"]) / 1000,
        staging_prefix=str(raw["staging_prefix"]),
        secure_prefixes=tuple(prefixes),
    )


def _section(name: str) -> dict[str, Any]:
    data = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    section: dict[str, Any] = data[name]
    return section
