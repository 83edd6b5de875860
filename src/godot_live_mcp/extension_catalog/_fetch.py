"""Fetching the catalog and an archive: an allowed address (https; loopback http only while a test's
settings say so), a size cap, a deadline, and one line when any of it fails."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from godot_live_mcp import __version__
from godot_live_mcp.extension_catalog._entries import Catalog, parse_catalog
from godot_live_mcp.extension_catalog._rules import CatalogError, CatalogRules, load_rules, read_settings


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """The catalog is read where the person's url points, not where a redirect leads (as in the dock);
    an archive may redirect (release downloads do): its SHA-256 pins its bytes."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


# No proxy from the environment: a loopback test server must be reached directly, and https needs none.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_CATALOG_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


def fetch_catalog(project: Path) -> tuple[Catalog, CatalogRules, str]:
    """The project's catalog (its settings file's url, else the default), its rules and its url."""
    settings = read_settings(project)
    rules = load_rules(settings)
    raw = fetch(settings.url, rules, rules.limits["max_catalog_bytes"], "the catalog")
    try:
        data = json.loads(raw)
    except ValueError as error:
        raise CatalogError(f"the catalog at {settings.url} is not JSON: {error}", _CATALOG_FIX) from error
    return parse_catalog(data, rules), rules, settings.url


def fetch(url: str, rules: CatalogRules, limit: int, what: str) -> bytes:
    """The body at ``url``, at most ``limit`` bytes; ``CatalogError`` for anything else."""
    rules.check_url(url, what)
    request = urllib.request.Request(url, headers={"User-Agent": f"godot-live-mcp/{__version__}"})
    try:
        opener = _CATALOG_OPENER if what == "the catalog" else _OPENER
        with opener.open(request, timeout=rules.timeout_s) as response:
            rules.check_url(str(response.geturl()), f"{what} (redirected)")
            data: bytes = response.read(limit + 1)
    except urllib.error.HTTPError as error:
        error.close()
        raise CatalogError(f"{what} at {url} is unreachable: HTTP {error.code}", _fix(what)) from error
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise CatalogError(f"{what} at {url} is unreachable: {reason}", _fix(what)) from error
    if len(data) > limit:
        raise CatalogError(f"{what} at {url} is larger than {limit} bytes", _fix(what))
    return data


_CATALOG_FIX = "check the url in .godot-live-mcp/extension_catalog.json, or remove it for the default catalog"


def _fix(what: str) -> str:
    return (
        _CATALOG_FIX
        if what.startswith("the catalog")
        else "try again later, or tell the catalog's maintainers"
    )
