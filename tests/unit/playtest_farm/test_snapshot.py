"""The project snapshot a cluster's workers play: the project and its import results, never the
editor's state, version control or the sweep's own folder; named by its content alone."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.playtest_farm._snapshot import ProjectSnapshot, snapshot_files


def project_in(folder: Path) -> Path:
    files = {
        "project.godot": "[application]\n",
        "scenes/level.tscn": "[gd_scene]\n",
        "textures/player.png.import": "[remap]\n",
        ".godot/uid_cache.bin": "uids",
        ".godot/imported/player.png-1.ctex": "pixels",
        ".godot/editor/editor_layout.cfg": "the editor's state",
        ".godot/playtest_sweeps/old/run-0000/script.json": "{}",
        ".git/HEAD": "ref",
        ".gitignore": ".godot/\n",
        "walk.sweep/run-0000/script.json": "{}",
    }
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def test_the_snapshot_holds_the_project_and_its_imports_only(tmp_path: Path) -> None:
    project = project_in(tmp_path / "p")
    assert [path.as_posix() for path in snapshot_files(project, project / "walk.sweep")] == [
        "project.godot",
        ".godot/uid_cache.bin",
        ".godot/imported/player.png-1.ctex",
        "scenes/level.tscn",
        "textures/player.png.import",
    ]


def test_the_same_content_gives_the_same_digest_and_a_change_another(tmp_path: Path) -> None:
    first = ProjectSnapshot.stage(project_in(tmp_path / "a"), tmp_path / "staged-a")
    second = ProjectSnapshot.stage(project_in(tmp_path / "b"), tmp_path / "staged-b")
    assert first.digest == second.digest
    assert (
        first.files,
        (tmp_path / "staged-a" / ".godot" / "imported" / "player.png-1.ctex").read_text(),
    ) == (
        6,  # the sweep folder counts here: nothing said to leave it out
        "pixels",
    )
    (tmp_path / "b" / "scenes" / "level.tscn").write_text("[gd_scene changed]\n")
    assert ProjectSnapshot.stage(tmp_path / "b", tmp_path / "staged-c").digest != first.digest


def test_the_editors_state_does_not_change_the_digest(tmp_path: Path) -> None:
    project = project_in(tmp_path / "p")
    before = ProjectSnapshot.stage(project, tmp_path / "one").digest
    (project / ".godot" / "editor" / "editor_layout.cfg").write_text("moved a dock")
    assert ProjectSnapshot.stage(project, tmp_path / "two").digest == before


def test_the_summary_names_the_digest_the_files_and_the_size(tmp_path: Path) -> None:
    project = project_in(tmp_path / "p")
    snapshot = ProjectSnapshot.stage(project, tmp_path / "s", project / "walk.sweep")
    assert snapshot.summary() == f"snapshot {snapshot.digest}: 5 files, 0.0 MiB"
