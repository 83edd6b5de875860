"""An extension's change recorded with MCPToolkitUndoRedoAction is undone and redone through
editor_undo / editor_redo, and an extension's cancellable tool hears the client's cancel."""

from __future__ import annotations

import anyio
import pytest

from tests.engine.extensions_api._session import Plot, Session, extension
from tests.engine.harness import EngineEditor
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

MOVER = extension(
    "ExtApiMover",
    """
var schema: Dictionary = {"type": "object", "properties": {"x": {"type": "number", "description": "New x."}}}
var options: MCPToolkitExtensionOptions = MCPToolkitExtensionOptions.new("Move the scene root.")
registry.add("mover.move_root", _move, options.with_input_schema(schema))
""",
    """
func _move(params: Dictionary) -> Dictionary:
	var root: Node2D = EditorInterface.get_edited_scene_root() as Node2D
	var before: Vector2 = root.position
	var after: Vector2 = Vector2(float(params["x"]), 0.0)
	root.position = after
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("move the root", root)
	action.do_property(root, "position", after).undo_property(root, "position", before)
	action.commit_recorded()
	action.commit_recorded()  # a second commit is a warned no-op
	return MCPToolkitSuccess.ok({"active": action.is_active()})
""",
)

WAITER = extension(
    "ExtApiWaiter",
    """
var options: MCPToolkitExtensionOptions = registry.create_extension_options("Wait until cancelled (20 s).")
registry.add("waiter.wait", _wait, options.mark_read_only().mark_scene_independent().mark_cancellable())
var reading: MCPToolkitExtensionOptions = MCPToolkitExtensionOptions.new("What waiter.wait saw.")
registry.add("waiter.report", _report, reading.mark_read_only().mark_scene_independent())
""",
    """
var _signalled: int = 0
var _stopped: int = 0


func _wait(_params: Dictionary, context: MCPToolkitToolContext) -> Dictionary:
	context.cancelled.connect(func() -> void: _signalled += 1)
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	for frame: int in 2000:
		if context.is_cancelled():
			_stopped += 1
			return MCPToolkitError.fail("CANCELLED", "Stopped after %d frames." % frame)
		await tree.create_timer(0.01).timeout
	return MCPToolkitSuccess.ok()


func _report(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"signalled": _signalled, "stopped": _stopped})
""",
)


async def root_x(live: Session, scene: str) -> float:
    read = await live.call("node_get", {"scene": scene, "node_path": ".", "names": ["position"]})
    return float(read["properties"][0]["value"]["x"])


async def test_an_extension_change_is_undone_and_redone_through_editor_undo(
    plot: Plot, live: Session, engine_editor: EngineEditor
) -> None:
    scene = f"{plot.res}/scene.tscn"
    await live.call("scene_create", {"path": scene, "root_class": "Node2D", "if_exists": "replace"})
    plot.plant("mover.gd", MOVER)
    await live.refresh()
    await live.wait_listed(present=["mover_move_root"])
    try:
        assert await live.call("mover_move_root", {"x": 40}) == {"active": True}
        assert await root_x(live, scene) == 40
        undone = await live.call("editor_undo", {"history": "scene", "scene": scene})
        assert undone["action"] == "MCP: move the root"
        assert undone["by_mcp"] is True
        assert await root_x(live, scene) == 0
        await live.call("editor_redo", {"history": "scene", "scene": scene})
        assert await root_x(live, scene) == 40
    finally:
        await live.client.call_tool("scene_close", {"scene": scene, "discard_changes": True})
    log = engine_editor.log_path.read_text("utf-8", errors="replace")
    assert "an undo action was committed twice; the second commit is ignored" in log


async def test_a_cancellable_extension_tool_hears_the_cancel(plot: Plot, live: Session) -> None:
    plot.plant("waiter.gd", WAITER)
    await live.refresh()
    await live.wait_listed(present=["waiter_wait"])
    with anyio.move_on_after(1.0) as waiting:
        await live.client.call_tool("waiter_wait", {})
    assert waiting.cancelled_caught
    with anyio.fail_after(10):
        report = structured(await live.client.call_tool("waiter_report", {}))
        while report["stopped"] == 0:  # each look is one round trip: the handler's own count decides
            report = structured(await live.client.call_tool("waiter_report", {}))
    assert report == {"signalled": 1, "stopped": 1}
