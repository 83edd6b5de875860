"""export_presets.cfg read, extended and replaced as text, keeping what was there."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.export._presets import NewPreset, parse_presets, read_presets, with_preset, write_presets

EXISTING = """[preset.0]

name="Web"
platform="Web"
runnable=true
export_path="build/web/index.html"
patches=PackedStringArray()
seed=0

[preset.0.options]

custom_template/debug=""
vram_texture_compression/for_desktop=true
"""


def test_values_are_read_as_strings_booleans_integers_or_raw_text() -> None:
    [preset] = parse_presets(EXISTING)
    assert (preset.index, preset.name, preset.platform) == (0, "Web", "Web")
    assert preset.values["runnable"] is True
    assert preset.values["seed"] == 0
    assert preset.values["patches"] == "PackedStringArray()"
    assert preset.options["vram_texture_compression/for_desktop"] is True


def test_a_new_preset_takes_the_next_index_and_keeps_the_old_text() -> None:
    new = NewPreset(
        "Linux", "Linux", "build/linux/game.x86_64", exclude_filter='a "b"', release_template="/t/r"
    )
    text = with_preset(EXISTING, new, None)
    assert text.startswith(EXISTING)
    presets = parse_presets(text)
    assert [p.name for p in presets] == ["Web", "Linux"]
    linux = presets[1]
    assert linux.index == 1
    assert linux.text("exclude_filter") == 'a "b"'
    assert linux.option_text("custom_template/release") == "/t/r"
    assert linux.text("export_path") == "build/linux/game.x86_64"


def test_a_replaced_preset_keeps_its_index_and_the_others_stay() -> None:
    two = with_preset(EXISTING, NewPreset("Linux", "Linux", "a.x86_64"), None)
    replaced = with_preset(two, NewPreset("Web", "Web", "build/new/index.html"), 0)
    presets = parse_presets(replaced)
    assert [(p.index, p.name, p.text("export_path")) for p in presets] == [
        (0, "Web", "build/new/index.html"),
        (1, "Linux", "a.x86_64"),
    ]
    assert "vram_texture_compression" not in replaced


def test_the_file_is_replaced_whole(tmp_path: Path) -> None:
    assert read_presets(tmp_path) == []
    write_presets(tmp_path, with_preset("", NewPreset("Linux", "Linux", "g.x86_64"), None))
    assert [p.name for p in read_presets(tmp_path)] == ["Linux"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["export_presets.cfg"]
