"""scene_render from a headless editor: a scene drawn without playing it, on a private display, through its
own camera or a framing of its contents, 2D and 3D, saved or open with unsaved edits."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor
from tests.engine.rendering.image_files import Pixels, png_pixels
from tests.engine.rendering.images import failure_code, image_result
from tests.engine.rendering.test_headless_game_view import PLAYER_BLUE, near
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

RED = (255, 0, 0)
GREEN = (0, 255, 0)
PNG = {"format": "png", "max_size": 1152}
FOLDER = "res://render_tests"
# A unit box, unshaded red, at the origin; with_camera adds a camera 2 units right of it, 5 in front.
BOX_SCENE = """[gd_scene load_steps=3 format=3]

[sub_resource type="StandardMaterial3D" id="red"]
shading_mode = 0
albedo_color = Color(1, 0, 0, 1)

[sub_resource type="BoxMesh" id="box"]
material = SubResource("red")

[node name="World" type="Node3D"]

[node name="Box" type="MeshInstance3D" parent="."]
mesh = SubResource("box")
"""
CAMERA = """
[node name="Eye" type="Camera3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 5)
"""
# A red rectangle far from the origin, where no default view would show it.
FAR_RECT_SCENE = """[gd_scene format=3]

[node name="Far" type="Node2D"]

[node name="Rect" type="ColorRect" parent="."]
offset_left = 5000.0
offset_top = 5000.0
offset_right = 5200.0
offset_bottom = 5100.0
color = Color(1, 0, 0, 1)
"""


@pytest.fixture(scope="module", autouse=True)
async def scenes_removed_after(tools: Client) -> AsyncIterator[None]:
    """The scenes written here leave the session's project with the module."""
    yield
    await tools.call_tool("folder_delete", {"path": FOLDER, "recursive": True})


def pixel(pixels: Pixels, x: int, y: int) -> bytes:
    return pixels.rows[y][x * pixels.channels : x * pixels.channels + 3]


async def render(tools: Client, **arguments: object) -> tuple[Pixels, dict[str, object]]:
    shown = image_result(await tools.call_tool("scene_render", {**PNG, **arguments}))
    return png_pixels(shown.data), shown.described


async def write(tools: Client, path: str, content: str) -> None:
    structured(await tools.call_tool("file_write", {"path": path, "content": content}))


async def test_a_2d_scene_is_drawn_through_its_camera_as_the_game_shows_it(tools: Client) -> None:
    pixels, described = await render(tools, scene="res://scenes/level.tscn")

    assert (described["view"], described["camera"]) == ("camera", "Camera2D")
    assert (pixels.width, pixels.height) == (1152, 648)
    assert near(pixel(pixels, 160, 564), PLAYER_BLUE), "the player where the game shows it"


async def test_an_open_2d_scene_is_framed_with_its_unsaved_edits(tools: Client) -> None:
    await write(tools, FOLDER + "/far_rect.tscn", FAR_RECT_SCENE)
    structured(await tools.call_tool("scene_open", {"path": FOLDER + "/far_rect.tscn"}))
    try:
        edit = {
            "node_path": "Rect",
            "property": "color",
            "value": {"type": "Color", "r": 0, "g": 1, "b": 0, "a": 1},
        }
        structured(await tools.call_tool("node_set_property", edit))

        pixels, described = await render(tools, width=400, height=300)

        assert described["view"] == "framing", "no camera of its own"
        assert described["scene"] == FOLDER + "/far_rect.tscn"
        assert (pixels.width, pixels.height) == (400, 300)
        assert near(pixel(pixels, 200, 150), GREEN), "the edit, not the saved red, in the middle"
        assert not near(pixel(pixels, 5, 5), GREEN), "framed with a margin"
    finally:
        await tools.call_tool("scene_close", {"scene": FOLDER + "/far_rect.tscn", "discard_changes": True})


async def test_a_3d_scene_without_a_camera_is_framed_around_its_contents(tools: Client) -> None:
    await write(tools, FOLDER + "/box.tscn", BOX_SCENE)

    pixels, described = await render(tools, scene=FOLDER + "/box.tscn")

    assert described["view"] == "framing"
    assert near(pixel(pixels, 576, 324), RED), "the box in the middle"
    assert not near(pixel(pixels, 5, 5), RED)


async def test_a_3d_scene_is_drawn_through_its_camera(tools: Client) -> None:
    await write(tools, FOLDER + "/box_seen.tscn", BOX_SCENE + CAMERA)

    pixels, described = await render(tools, scene=FOLDER + "/box_seen.tscn")
    framed, _ = await render(tools, scene=FOLDER + "/box_seen.tscn", view="framing")

    assert (described["view"], described["camera"]) == ("camera", "Eye")
    # 75 degrees of view over 648 px, 5 units away: a unit is about 84 px; the box is 2 units left.
    assert near(pixel(pixels, 576 - 169, 324), RED), "the box, left of the middle"
    assert not near(pixel(pixels, 576, 324), RED)
    assert near(pixel(framed, 576, 324), RED), "framing ignores the camera when asked"


def godot_children(parent: int) -> list[str]:
    """State and command of each Godot process ``parent`` started that is still there, zombies too (a zombie
    has no command line left, only its name)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            name, rest = (entry / "stat").read_text().split(" (", 1)[1].rsplit(")", 1)
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError, ValueError):
            continue
        state, parent_pid = rest.split()[:2]
        if int(parent_pid) == parent and name.startswith("godot"):
            found.append(f"{state} {command or name}")
    return found


async def test_the_renderer_is_gone_and_reaped_once_the_picture_is_back(
    tools: Client, engine_editor: EngineEditor
) -> None:
    await render(tools, scene="res://scenes/level.tscn", max_size=64)

    assert godot_children(engine_editor.process.pid) == []


async def test_a_missing_scene_is_refused(tools: Client) -> None:
    assert failure_code(await tools.call_tool("scene_render", {"scene": "res://nowhere.tscn"})) == "NOT_FOUND"
