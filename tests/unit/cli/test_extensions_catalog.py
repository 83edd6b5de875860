"""``godot-live-mcp extensions catalog|install`` against a catalog and archives served on 127.0.0.1:
filtered by the running versions, one line per bad entry or failure, nothing half-installed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from godot_live_mcp.cli.main import cli
from godot_live_mcp.extension_catalog import load_rules, parse_catalog, read_settings
from godot_live_mcp.security.extension_consent import enabled
from tests.catalog_server import (
    HELLO,
    entry,
    extension_zip,
    hello_files,
    point_project_at,
    served,
    write_catalog,
)

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def catalog_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The test catalog: Catalog Hello in two releases, entries out of range, a bad one, a tampered one,
    one whose archive is gone, and two whose archives would escape their folder."""
    site = tmp_path_factory.mktemp("site")
    with served(site) as base:
        good = extension_zip(site / "hello-1.0.zip", hello_files())
        old = extension_zip(site / "hello-0.9.zip", hello_files("catalog-hello-0.9/"))
        climbing = extension_zip(site / "climb.zip", {"addons/climb/../../escaped.gd": "x"})
        inside = extension_zip(site / "inside.zip", {"addons/godot_live_mcp/evil.gd": "x"})
        write_catalog(
            site,
            [
                entry("Catalog Hello", f"{base}/hello-1.0.zip", good, min_toolkit_version="0.1"),
                entry("Catalog Hello", f"{base}/hello-0.9.zip", old, version="0.9"),
                entry("Future Tools", f"{base}/hello-1.0.zip", good, min_toolkit_version="99"),
                entry("Old Engine Tools", f"{base}/hello-1.0.zip", good, max_godot_version="4.2"),
                entry("Plain Repo", f"{base}/hello-1.0.zip", good, repository="http://example.org/plain"),
                entry("Tampered", f"{base}/hello-1.0.zip", "0" * 64),
                entry("Gone", f"{base}/gone.zip", good),
                entry("Climber", f"{base}/climb.zip", climbing),
                entry("Squatter", f"{base}/inside.zip", inside),
            ],
        )
        yield base


@pytest.fixture
def project(tmp_path: Path, catalog_site: str) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "project.godot").write_text("config_version=5\n", "utf-8")
    point_project_at(folder, f"{catalog_site}/catalog.json")
    return folder


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["extensions", *args])


def leftovers(project: Path) -> list[str]:
    addons = project / "addons"
    return sorted(path.name for path in addons.iterdir()) if addons.exists() else []


def test_the_catalog_lists_the_newest_fitting_release_of_each_extension_and_a_line_per_bad_entry(
    project: Path,
) -> None:
    result = run("catalog", "--project", str(project))

    assert result.exit_code == 0, result.output
    listed = [line.split()[0:3] for line in result.stdout.splitlines()[1:]]
    assert ["Catalog", "Hello", "1.0"] in listed
    assert not any(line[0] in ("Future", "Old", "Plain") for line in listed), "out of range or bad"
    assert result.stderr.splitlines() == [
        "catalog entry 5 (Plain Repo) left out: repository missing or malformed"
    ]


def test_install_puts_the_extension_in_a_folder_of_its_own_beside_the_toolkit_and_enables_it(
    project: Path,
) -> None:
    result = run("install", "catalog hello", "--project", str(project))

    assert result.exit_code == 0, result.output
    assert leftovers(project) == ["catalog_hello"], "nothing else, no staging folder"
    assert not (project / "README.md").exists(), "files outside addons/ are left out"
    consent = enabled(project)[HELLO]
    assert consent.path == "res://addons/catalog_hello/catalog_hello.gd"
    assert (
        f"installed Catalog Hello 1.0 into {project / 'addons' / 'catalog_hello'} and enabled {HELLO}."
        in result.stdout
    )
    again = run("install", "Catalog Hello", "--project", str(project))
    assert again.exit_code == 1
    assert "exists already" in again.output


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Tampered", "is not the one the catalog lists (SHA-256"),
        ("Gone", "is unreachable: HTTP 404"),
        ("Climber", "holds an unsafe entry 'addons/climb/../../escaped.gd'"),
        ("Squatter", "would install into addons/godot_live_mcp/, which is not allowed"),
        ("Future Tools", "has no extension 'Future Tools' for this toolkit and Godot"),
    ],
)
def test_a_failed_install_is_one_line_and_leaves_nothing_behind(project: Path, name: str, said: str) -> None:
    result = run("install", name, "--project", str(project))

    assert result.exit_code == 1
    assert said in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert leftovers(project) == []
    assert not (project / "escaped.gd").exists()
    assert enabled(project) == {}


def test_an_unreachable_catalog_is_one_line(project: Path) -> None:
    point_project_at(project, "http://127.0.0.1:9/catalog.json")  # the discard port: nothing listens

    result = run("catalog", "--project", str(project))

    assert result.exit_code == 1
    assert result.stderr.startswith("Error: the catalog at http://127.0.0.1:9/catalog.json is unreachable")
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_plain_http_is_refused_unless_the_test_only_setting_allows_loopback(
    project: Path, catalog_site: str
) -> None:
    settings = project / ".godot-live-mcp" / "extension_catalog.json"
    settings.write_text(json.dumps({"url": f"{catalog_site}/catalog.json"}), "utf-8")

    result = run("catalog", "--project", str(project))

    assert result.exit_code == 1
    assert f"the catalog '{catalog_site}/catalog.json' is not an https:// address" in result.stderr


def test_the_maintainers_catalog_in_the_repository_is_a_valid_catalog(tmp_path: Path) -> None:
    rules = load_rules(read_settings(tmp_path))
    shipped = json.loads((ROOT / "catalog" / "extensions.json").read_text("utf-8"))

    catalog = parse_catalog(shipped, rules)

    assert catalog.problems == ()
    assert rules.default_url.endswith("/catalog/extensions.json")
