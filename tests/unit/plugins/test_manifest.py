"""Plugin manifests: ids, namespaces, versions and permissions; faults named with the plugin."""

from __future__ import annotations

import pytest

from godot_live_mcp.contract import CONTRACT, ErrorCode
from godot_live_mcp.plugins import Permission, PluginError, PluginManifest, SchemaVersion, reserved_namespaces


def test_the_namespace_is_the_id_up_to_its_first_dot() -> None:
    assert PluginManifest("wind", "1.0.0", "Wind.").namespace == "wind"
    assert PluginManifest("wind.editor", "1.0.0", "Wind in the editor.").namespace == "wind"


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"id": "Wind", "version": "1.0.0", "description": "x"}, "its id 'Wind'"),
        ({"id": "wind", "version": "1.0", "description": "x"}, "not a semantic version"),
        ({"id": "wind", "version": "1.0.0", "description": " "}, "no description"),
        ({"id": "wind", "version": "1.0.0", "description": "x", "permissions": ["network"]}, "'network'"),
        ({"id": "wind", "version": "1.0.0", "description": "x", "color": "red"}, "unknown fields ['color']"),
        ({"id": "wind", "description": "x"}, "lacks ['version']"),
    ],
)
def test_a_malformed_manifest_is_refused_naming_the_plugin_and_the_fault(
    fields: dict[str, object], says: str
) -> None:
    with pytest.raises(PluginError) as refused:
        PluginManifest.from_value(fields, "wind")
    assert refused.value.code == ErrorCode.INVALID_PARAMS
    assert refused.value.message.startswith("Plugin 'wind': malformed manifest")
    assert says in refused.value.message
    assert refused.value.hint


def test_a_manifest_that_is_no_manifest_is_refused() -> None:
    with pytest.raises(PluginError, match="its manifest is a str"):
        PluginManifest.from_value("wind", "wind")


def test_permissions_are_read_from_their_names() -> None:
    manifest = PluginManifest.from_value(
        {"id": "wind", "version": "1.0.0", "description": "x", "permissions": ["tools", "editor"]}, "wind"
    )
    assert manifest.permissions == {Permission.TOOLS, Permission.EDITOR}


def test_a_missing_permission_is_refused_with_the_fix() -> None:
    manifest = PluginManifest("wind", "1.0.0", "Wind.", [Permission.TOOLS])
    manifest.require(Permission.TOOLS, "add a tool")
    with pytest.raises(PluginError) as refused:
        manifest.require(Permission.EDITOR, "call the editor command scene.get_tree")
    assert refused.value.code == ErrorCode.PERMISSION_DENIED
    assert "Plugin 'wind': it needs the 'editor' permission" in refused.value.message
    assert "Permission.EDITOR" in refused.value.hint


@pytest.mark.parametrize("taken", ["scene", "node.extra", "godot_live_mcp", "extensions"])
def test_a_reserved_namespace_is_refused(taken: str) -> None:
    with pytest.raises(PluginError) as refused:
        PluginManifest(taken, "1.0.0", "Mine.").check_namespace()
    assert refused.value.code == ErrorCode.NAMESPACE_RESERVED


def test_the_reserved_namespaces_are_the_contracts_and_ours() -> None:
    assert {"scene", "node", "game", "godot_live_mcp"} <= reserved_namespaces()


def test_schema_versions_compare_and_bump() -> None:
    assert SchemaVersion.parse("1.2.3") < SchemaVersion.parse("1.10.0")
    assert str(SchemaVersion.parse("1.2.3").bumped("major")) == "2.0.0"
    assert str(SchemaVersion.parse("1.2.3").bumped("minor")) == "1.3.0"
    with pytest.raises(ValueError, match="not a semantic version"):
        SchemaVersion.parse("v1")


def test_every_namespace_a_group_or_a_server_run_tool_takes_is_reserved() -> None:
    from godot_live_mcp.server.served_tools import server_run_tools

    reserved = set(CONTRACT.reserved_namespaces)
    assert set(CONTRACT.groups) <= reserved
    for tool in server_run_tools():
        assert any(tool.name.startswith(f"{space}_") for space in reserved), tool.name
