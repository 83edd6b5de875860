from __future__ import annotations

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.tool_policy import ALLOW_EXECUTE_FLAG, ToolPolicy
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
    assert ToolPolicy.from_settings(flag, env=env).read_only is enabled


def test_off_lists_and_allows_everything() -> None:
    policy = ToolPolicy(read_only=False)
    mutating = entry("node_delete", read_only=False)
    assert policy.lists(mutating)
    policy.check(mutating)


def test_on_lists_only_read_only_tools() -> None:
    policy = ToolPolicy(read_only=True)
    assert policy.lists(entry("scene_get_tree", read_only=True))
    assert not policy.lists(entry("node_delete", read_only=False))


def test_on_refuses_a_mutating_tool_called_by_name() -> None:
    with pytest.raises(ToolError) as failure:
        ToolPolicy(read_only=True).check(entry("node_delete", read_only=False))
    assert failure.value.code == ErrorCode.READ_ONLY_MODE
    assert "node_delete" in failure.value.message
    assert "--read-only" in failure.value.hint


def test_open_world_tools_are_off_until_allowed() -> None:
    execute = entry("editor_execute", read_only=False, open_world=True)
    assert not ToolPolicy().lists(execute)
    with pytest.raises(ToolError) as failure:
        ToolPolicy().check(execute)
    assert failure.value.code == ErrorCode.PERMISSION_DENIED
    assert ALLOW_EXECUTE_FLAG in failure.value.hint
    allowed = ToolPolicy(allow_execute=True)
    assert allowed.lists(execute)
    allowed.check(execute)


def test_the_opt_in_comes_only_from_the_setting() -> None:
    assert ToolPolicy.from_settings(False, env={"GODOT_MCP_READ_ONLY": "0"}).allow_execute is False
    assert ToolPolicy.from_settings(False, True, env={}).allow_execute is True
