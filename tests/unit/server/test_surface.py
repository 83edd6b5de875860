"""What a session lists: always-listed tools, start-up and loaded groups, the cap, read-only mode."""

from __future__ import annotations

import pytest

from godot_live_mcp.server.session_groups import SessionGroups
from godot_live_mcp.server.surface import StartupTools, Surface, resolve_surface
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.unit.server.surface_catalog import entries

ALWAYS = ["scene_get_tree", "node_get", "editor_ping"]


def surface(
    startup: StartupTools | None = None,
    session: SessionGroups | None = None,
    *,
    read_only: bool = False,
    max_tools: int = 80,
) -> Surface:
    return resolve_surface(
        entries(), ToolPolicy(read_only), startup or StartupTools(), session or SessionGroups(), max_tools
    )


def names(view: Surface) -> list[str]:
    return [entry.name for entry in view.listed()]


def test_the_core_start_up_lists_core_and_ungrouped_tools_only() -> None:
    view = surface()
    assert names(view) == ALWAYS
    assert view.count == 2 + len(ALWAYS)  # discover_tools and run_tool
    assert [group.name for group in view.groups] == ["scene", "node", "input_map", "tilemap"]
    assert view.loaded == ()


def test_a_loaded_group_adds_its_tools_in_catalogue_order() -> None:
    session = SessionGroups()
    session.load(["node"])
    assert names(surface(session=session)) == [
        "scene_get_tree",
        "node_get",
        "node_delete",
        "node_rename",
        "editor_ping",
    ]


def test_unloading_a_start_up_group_removes_it_for_that_session_only() -> None:
    startup = StartupTools.parse("core,node")
    session = SessionGroups()
    session.unload(["node"])
    assert "node_delete" not in names(surface(startup, session))
    assert "node_delete" in names(surface(startup))


def test_every_group_at_start_stops_at_the_cap_and_never_loads_half_a_group() -> None:
    view = surface(StartupTools.parse("all"), max_tools=9)
    assert view.loaded == ("scene", "node")  # 2 + 3 always + 1 + 2 = 8; input_map would make 10
    assert view.left_out == ("input_map", "tilemap")
    assert view.count <= 9


def test_count_with_and_the_groups_to_unload_to_make_room() -> None:
    session = SessionGroups()
    session.load(["node", "scene"])
    view = surface(session=session, max_tools=9)
    assert view.count_with(["tilemap"]) == 10
    assert view.unload_to_fit(["tilemap"]) == ["node"]  # the largest loaded group first
    assert view.unload_to_fit(["tilemap", "input_map"], unload=["scene"]) == ["scene", "node"]


def test_a_request_bigger_than_the_cap_cannot_fit_at_all() -> None:
    assert surface(max_tools=6).unload_to_fit(["node", "tilemap"]) is None


def test_read_only_mode_lists_read_only_tools_and_hides_groups_without_any() -> None:
    session = SessionGroups()
    session.load(["node", "tilemap"])
    view = surface(session=session, read_only=True)
    assert names(view) == ["scene_get_tree", "node_get", "tilemap_get_cells", "editor_ping"]
    assert [group.name for group in view.groups] == ["scene", "node", "input_map", "tilemap"]
    node = view.group("node")
    assert node is not None
    assert node.adds == ()


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("core", StartupTools()),
        ("all", StartupTools(every_group=True)),
        ("core,node, scene", StartupTools(groups=("node", "scene"))),
        (["node", "all"], StartupTools(every_group=True)),
    ],
)
def test_start_up_tools_parse_core_all_and_group_lists(
    value: str | list[str], expected: StartupTools
) -> None:
    assert StartupTools.parse(value) == expected
    assert StartupTools.parse(str(expected)) == expected
