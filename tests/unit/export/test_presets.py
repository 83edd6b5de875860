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


def test_values_are_read_as_godot_reads_them() -> None:
    [preset] = parse_presets(EXISTING.encode())
    assert (preset.index, preset.name, preset.platform) == (0, "Web", "Web")
    assert preset.values["runnable"] is True
    assert preset.values["seed"] == 0
    assert preset.values["patches"] == []
    assert preset.options["vram_texture_compression/for_desktop"] is True


def test_a_new_preset_takes_the_next_index_and_keeps_the_old_text() -> None:
    new = NewPreset("Linux", "Linux", "build/linux/game.x86_64", exclude_filter='a "b"')
    text = with_preset(EXISTING, new, None)
    assert text.startswith(EXISTING)
    presets = parse_presets(text.encode())
    assert [p.name for p in presets] == ["Web", "Linux"]
    linux = presets[1]
    assert linux.index == 1
    assert linux.text("exclude_filter") == 'a "b"'
    assert linux.option_text("custom_template/release") == ""  # Godot's standard folder, on any machine
    assert linux.text("export_path") == "build/linux/game.x86_64"


def test_a_replaced_preset_keeps_its_index_and_the_others_stay() -> None:
    two = with_preset(EXISTING, NewPreset("Linux", "Linux", "a.x86_64"), None)
    replaced = with_preset(two, NewPreset("Web", "Web", "build/new/index.html"), 0)
    presets = parse_presets(replaced.encode())
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


def test_text_that_looks_like_a_section_inside_a_string_is_a_value() -> None:
    injected = "*.json\n[preset.1]\nexport_path=../outside/victim.sh\n[x"
    text = with_preset("", NewPreset("Linux", "Linux", "build/a.x86_64", include_filter=injected), None)
    [preset] = parse_presets(text.encode())
    assert preset.text("include_filter") == injected
    assert "\n[preset.1]" not in text  # written escaped, one line per key
    hand_written = text.replace("\\n", "\n")  # a multi-line string, as a person may type it
    [same] = parse_presets(hand_written.encode())
    assert same.text("include_filter") == injected


def test_godot_stops_at_the_first_missing_index() -> None:
    text = '[preset.0]\nname="A"\n[preset.2]\nname="C"\n[preset.1]\nname=null\n'
    assert [p.name for p in parse_presets(text.encode())] == ["A"]
    assert [
        p.index for p in parse_presets(with_preset(text, NewPreset("B", "Linux", "b"), None).encode())
    ] == [
        0,
        1,
        2,
    ]
