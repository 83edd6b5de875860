"""physics.fit_shape on the real editor: shapes sized from sprites and meshes, saved, undone and redone."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo, tree, value, vector2
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def texture(width: int, height: int) -> dict[str, Any]:
    return {
        "type": "NewResource",
        "class": "PlaceholderTexture2D",
        "properties": {"size": vector2(width, height)},
    }


async def sprite_under_body(tools: Client, scene: str, **sprite: Any) -> None:
    """Body (StaticBody2D) > Sprite: a 32x64 texture in two frames, scaled twice, 10 px right."""
    await add(tools, scene, "StaticBody2D", "Body")
    properties = {
        "texture": texture(32, 64),
        "hframes": 2,
        "scale": vector2(2, 2),
        "position": vector2(10, 0),
    }
    await add(tools, scene, "Sprite2D", "Sprite", "Body", properties | sprite)


async def test_fits_a_rectangle_to_the_sprite_frame_and_saves_it(
    tools: Client, scene: str, engine_editor: EngineEditor
) -> None:
    await sprite_under_body(tools, scene)
    before = await tree(tools, scene)
    made = await call(tools, "physics_fit_shape", {"scene": scene, "source": "Body/Sprite"})
    assert made == {
        "scene": scene,
        "node_path": "Body/CollisionShape2D",
        "shape": "RectangleShape2D",
        "size": {"size": vector2(32, 128)},
        "status": "created",
    }
    assert await value(tools, scene, "Body/CollisionShape2D", "position") == vector2(10, 0)
    after = await tree(tools, scene)
    assert ("Body/CollisionShape2D", "CollisionShape2D") in after
    name = await assert_undo_redo(tools, scene, lambda: tree(tools, scene), before, after)
    assert name.startswith("MCP: Fit CollisionShape2D")
    await call(tools, "scene_save", {"scene": scene})
    saved = (engine_editor.project / scene.removeprefix("res://")).read_text()
    assert 'type="RectangleShape2D"' in saved
    assert "size = Vector2(32, 128)" in saved


async def test_a_wide_sprite_gets_a_capsule_laid_down_and_a_circle_its_shorter_side(
    tools: Client, scene: str
) -> None:
    await sprite_under_body(tools, scene, hframes=1, texture=texture(64, 16), scale=vector2(1, 1))
    capsule = await call(
        tools, "physics_fit_shape", {"scene": scene, "source": "Body/Sprite", "shape": "capsule"}
    )
    assert capsule["size"] == {"radius": 8.0, "height": 64.0}
    assert await value(tools, scene, "Body/CollisionShape2D", "rotation") == pytest.approx(1.5707963)
    circle = await call(
        tools,
        "physics_fit_shape",
        {"scene": scene, "source": "Body/Sprite", "shape": "circle", "name": "Round"},
    )
    assert (circle["node_path"], circle["shape"], circle["size"]) == (
        "Body/Round",
        "CircleShape2D",
        {"radius": 8.0},
    )


async def test_an_animated_sprite_is_fitted_to_its_current_frame(tools: Client, scene: str) -> None:
    await add(tools, scene, "Area2D", "Coin")
    frame = {"texture": texture(24, 40), "duration": 1.0}
    animation = {"name": "default", "speed": 5.0, "loop": True, "frames": [frame]}
    frames = {"type": "NewResource", "class": "SpriteFrames", "properties": {"animations": [animation]}}
    await add(tools, scene, "AnimatedSprite2D", "Spin", "Coin", {"sprite_frames": frames, "centered": False})
    made = await call(tools, "physics_fit_shape", {"scene": scene, "source": "Coin/Spin"})
    assert made["size"] == {"size": vector2(24, 40)}
    assert await value(tools, scene, "Coin/CollisionShape2D", "position") == vector2(12, 20)


async def test_fits_a_box_to_a_mesh_in_3d(tools: Client, scene: str) -> None:
    await add(tools, scene, "StaticBody3D", "Crate")
    mesh = {
        "type": "NewResource",
        "class": "BoxMesh",
        "properties": {"size": {"type": "Vector3", "x": 2, "y": 4, "z": 6}},
    }
    await add(tools, scene, "MeshInstance3D", "Mesh", "Crate", {"mesh": mesh})
    made = await call(tools, "physics_fit_shape", {"scene": scene, "source": "Crate/Mesh"})
    assert made["shape"] == "BoxShape3D"
    assert made["size"] == {"size": {"type": "Vector3", "x": 2.0, "y": 4.0, "z": 6.0}}
    convex = await call(
        tools,
        "physics_fit_shape",
        {"scene": scene, "source": "Crate/Mesh", "shape": "convex", "name": "Hull"},
    )
    assert convex["shape"] == "ConvexPolygonShape3D"


async def test_refusals_name_the_next_step(tools: Client, scene: str) -> None:
    await sprite_under_body(tools, scene)
    await add(tools, scene, "Sprite2D", "Bare", "Body")
    await add(tools, scene, "Sprite2D", "Loose", ".", {"texture": texture(8, 8)})
    not_sprite = await call_fails(
        tools, "physics_fit_shape", {"scene": scene, "source": "Body"}, "INVALID_PARAMS"
    )
    assert "node_create" in not_sprite["hint"]
    bare = await call_fails(
        tools, "physics_fit_shape", {"scene": scene, "source": "Body/Bare"}, "INVALID_STATE"
    )
    assert "texture" in bare["hint"]
    loose = await call_fails(
        tools, "physics_fit_shape", {"scene": scene, "source": "Loose"}, "INVALID_PARAMS"
    )
    assert "body" in loose["hint"]
    wrong = {"scene": scene, "source": "Body/Sprite", "shape": "box"}
    assert "rectangle" in (await call_fails(tools, "physics_fit_shape", wrong, "INVALID_PARAMS"))["hint"]
    await call(tools, "physics_fit_shape", {"scene": scene, "source": "Body/Sprite"})
    again = {"scene": scene, "source": "Body/Sprite", "if_exists": "fail"}
    await call_fails(tools, "physics_fit_shape", again, "ALREADY_EXISTS")
    kept = await call(tools, "physics_fit_shape", again | {"if_exists": "return"})
    assert (kept["status"], kept["shape"]) == ("returned", "RectangleShape2D")
