from __future__ import annotations

from godot_live_mcp.server.app import unknown_tool
from godot_live_mcp.server.suggestions import closest, did_you_mean

TOOLS = ["node_get", "node_set_property", "node_create", "scene_get_tree", "signal_list"]


def test_a_misspelt_name_finds_the_right_one_first() -> None:
    assert closest("node_gett", TOOLS)[0] == "node_get"


def test_words_in_another_order_count() -> None:
    assert closest("get_node", TOOLS)[0] == "node_get"


def test_a_prefix_counts() -> None:
    assert "signal_list" in closest("signal", TOOLS)


def test_nothing_close_says_nothing() -> None:
    assert did_you_mean("zzqx", TOOLS) == ""


def test_the_wording_is_the_addons() -> None:
    assert did_you_mean("node_gett", ["node_get"]) == "Did you mean 'node_get'? "


def test_an_unknown_tool_starts_its_hint_with_the_suggestion() -> None:
    error = unknown_tool("scene_get_tre", TOOLS)
    assert error.code == "UNKNOWN_TOOL"
    assert error.hint.startswith("Did you mean 'scene_get_tree'? ")
