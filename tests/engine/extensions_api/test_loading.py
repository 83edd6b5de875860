"""Extensions found by reflection and loaded on the real editor: called through MCP, coroutines and
call_command, the narrow registry view, which classes are found and which are not, and an extension
whose register() breaks."""

from __future__ import annotations

import pytest

from tests.engine.extensions_api._session import Plot, Session, extension
from tests.engine.harness import expect_editor_error
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

GREETER = extension(
    "ExtApiGreeter",
    """
var options: MCPToolkitExtensionOptions = MCPToolkitExtensionOptions.new("Greet someone by name.")
options.with_input_schema(
	{"type": "object", "properties": {"name": {"type": "string", "description": "Who to greet."}}}
)
registry.add("greeter.hello", _hello, options.mark_read_only().mark_scene_independent())
""",
    """
func _hello(params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"greeting": "Hello, %s." % str(params.get("name", "you"))})
""",
)


async def test_an_extension_is_found_loaded_and_called_through_mcp(plot: Plot, live: Session) -> None:
    path = plot.plant("greeter.gd", GREETER)
    refreshed = await live.refresh()
    await live.wait_listed(present=["greeter_hello"])
    assert refreshed["added"] == ["ExtApiGreeter"]
    assert await live.call("greeter_hello", {"name": "Ada"}) == {"greeting": "Hello, Ada."}
    assert await live.extension("ExtApiGreeter") == {
        "class": "ExtApiGreeter",
        "path": path,
        "language": "GDScript",
        "status": "loaded",
        "commands": ["greeter.hello"],
    }
    meta = (await live.tools())["greeter_hello"].meta or {}
    assert meta["godot-live-mcp/owner"] == "extension:ExtApiGreeter"


async def test_a_coroutine_handler_can_call_other_commands(plot: Plot, live: Session) -> None:
    plot.plant(
        "relay.gd",
        extension(
            "ExtApiRelay",
            """
_registry = registry
var options: MCPToolkitExtensionOptions = registry.create_extension_options("Relay editor_get_info.")
registry.add("relay.info", _info, options.mark_read_only().mark_scene_independent())
""",
            """
var _registry: MCPToolkitCommandRegistry


func _info(_params: Dictionary) -> Dictionary:
	await (Engine.get_main_loop() as SceneTree).process_frame
	var info: Dictionary = await _registry.call_command("editor.get_info", {})
	return MCPToolkitSuccess.ok({"relayed_success": info["success"], "has_godot": info.has("godot_version")})
""",
        ),
    )
    await live.refresh()
    await live.wait_listed(present=["relay_info"])
    assert await live.call("relay_info") == {"relayed_success": True, "has_godot": True}


async def test_the_registry_view_offers_the_documented_methods_only(plot: Plot, live: Session) -> None:
    documented = [
        "add",
        "create_options",
        "create_extension_options",
        "create_undo_action",
        "queue_save",
        "check_save",
        "fail",
        "require",
        "call_command",
    ]
    internal = [
        "remove",
        "remove_owned",
        "begin_owner",
        "end_owner",
        "add_declared",
        "get_catalog",
        "set_source",
    ]
    probe = ", ".join(f'"{name}": registry.has_method("{name}")' for name in documented + internal)
    plot.plant(
        "view.gd",
        extension(
            "ExtApiView",
            f"""
_seen = {{{probe}}}
var options: MCPToolkitExtensionOptions = registry.create_extension_options("What the view offers.")
registry.add("view.methods", _methods, options.mark_read_only().mark_scene_independent())
""",
            """
var _seen: Dictionary = {}


func _methods(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"methods": _seen})
""",
        ),
    )
    await live.refresh()
    await live.wait_listed(present=["view_methods"])
    seen = (await live.call("view_methods"))["methods"]
    assert [name for name in documented if not seen[name]] == []
    assert [name for name in internal if seen[name]] == []


async def test_a_subclass_of_an_extension_is_not_loaded(plot: Plot, live: Session) -> None:
    plot.plant("parent.gd", GREETER.replace("ExtApiGreeter", "ExtApiParent").replace("greeter.", "parent."))
    plot.plant("child.gd", "@tool\nclass_name ExtApiChild\nextends ExtApiParent\n")
    await live.refresh()
    await live.wait_listed(present=["parent_hello"])
    assert await live.extension("ExtApiParent") is not None
    assert await live.extension("ExtApiChild") is None


async def test_disabled_addons_and_ignored_folders_are_not_searched(
    plot: Plot, live: Session, content_addon: Plot, disabled_addon: Plot
) -> None:
    for where, name in [(plot, "Ignored"), (content_addon, "Content"), (disabled_addon, "Disabled")]:
        source = GREETER.replace("ExtApiGreeter", f"ExtApi{name}").replace("greeter.", f"{name.lower()}.")
        where.plant(f"{name.lower()}/ext.gd" if where is plot else "ext.gd", source)
    (plot.disk / "ignored" / ".gdignore").write_text("", "utf-8")
    await live.refresh()
    await live.wait_listed(present=["content_hello"])
    assert await live.extension("ExtApiContent") is not None
    assert await live.extension("ExtApiDisabled") is None
    assert await live.extension("ExtApiIgnored") is None
    assert "disabled_hello" not in await live.names()


async def test_an_extension_whose_register_breaks_is_skipped_and_reported(plot: Plot, live: Session) -> None:
    expect_editor_error(r"Cannot call method 'call' on a null value")
    plot.plant(
        "broken.gd",
        extension(
            "ExtApiBroken",
            """
var options: MCPToolkitExtensionOptions = MCPToolkitExtensionOptions.new("Added before the error.")
registry.add("broken.first", _ok, options.mark_read_only())
var nothing: Object = null
nothing.call("boom")
registry.add("broken.second", _ok, MCPToolkitExtensionOptions.new("Never reached."))
""",
            """
func _ok(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok()
""",
        ),
    )
    plot.plant("greeter.gd", GREETER)
    await live.refresh()
    names = await live.wait_listed(present=["greeter_hello"])
    report = await live.extension("ExtApiBroken")
    assert report is not None
    assert report["status"] == "failed"
    assert report["commands"] == []
    assert "register() raised an error" in report["error"]
    assert "broken.gd:" in report["error"]
    assert "broken_first" not in names
    assert failure(await live.client.call_tool("broken_first", {}))["code"] == "UNKNOWN_TOOL"
