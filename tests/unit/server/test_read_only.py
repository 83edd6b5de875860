from __future__ import annotations

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.read_only import ReadOnlyPolicy
from tests.unit.server.test_tool_table import entry


@pytest.mark.parametrize(
    ("flag", "env", "enabled"),
    [
        (False, {}, False),
        (True, {}, True),
        (False, {"GODOT_MCP_READ_ONLY": "1"}, True),
        (False, {"GODOT_MCP_READ_ONLY": "true"}, True),
        (False, {"GODOT_MCP_READ_ONLY": "0"}, False),
        (False, {"GODOT_MCP_READ_ONLY": ""}, False),
    ],
)
def test_read_only_comes_from_the_flag_or_the_environment(
    flag: bool, env: dict[str, str], enabled: bool
) -> None:
    assert ReadOnlyPolicy.from_settings(flag, env).enabled is enabled


def test_off_lists_and_allows_everything() -> None:
    policy = ReadOnlyPolicy(enabled=False)
    mutating = entry("node_delete", read_only=False)
    assert policy.lists(mutating)
    policy.check(mutating)


def test_on_lists_only_read_only_tools() -> None:
    policy = ReadOnlyPolicy(enabled=True)
    assert policy.lists(entry("scene_get_tree", read_only=True))
    assert not policy.lists(entry("node_delete", read_only=False))


def test_on_refuses_a_mutating_tool_called_by_name() -> None:
    with pytest.raises(ToolError) as failure:
        ReadOnlyPolicy(enabled=True).check(entry("node_delete", read_only=False))
    assert failure.value.code == ErrorCode.READ_ONLY_MODE
    assert "node_delete" in failure.value.message
    assert "--read-only" in failure.value.hint
