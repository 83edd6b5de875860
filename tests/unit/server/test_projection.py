from __future__ import annotations

import json
import logging
import re

import pytest

from godot_live_mcp.bridge.catalog import Catalog, CommandAnnotations, parse_command
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError, addon_source_dir
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.server._meta import LONG_RUNNING_META_KEY
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.projection import project_command, tool_name, tool_title
from godot_live_mcp.server.tool_table import ToolOwner
from tests.unit.fakes.fake_editor import command


def test_domain_verb_becomes_domain_underscore_verb() -> None:
    assert tool_name("scene.get_tree") == "scene_get_tree"
    assert tool_name("input_map.list") == "input_map_list"


@pytest.mark.parametrize("name", ["scene.get tree", "scène.get", "a." + "b" * 64, "x/y"])
def test_names_breaking_the_mcp_rules_are_refused(name: str) -> None:
    with pytest.raises(ToolError) as failure:
        tool_name(name)
    assert failure.value.code == ErrorCode.NAME_INVALID
    assert repr(name) in failure.value.message


def test_the_longest_allowed_name_is_accepted() -> None:
    limit = CONTRACT.limits["max_tool_name_length"]
    assert len(tool_name("a." + "b" * (limit - 2))) == limit


def test_title_reads_like_words() -> None:
    assert tool_title("scene.get_tree") == "Scene: get tree"
    assert tool_title("input_map.add_action") == "Input map: add action"


def test_projection_carries_annotations_schemas_and_meta() -> None:
    spec = parse_command(
        command(
            "node.delete",
            read_only=False,
            schema={"type": "object", "properties": {"node_path": {"type": "string"}}},
            output_schema={"type": "object", "properties": {"deleted": {"type": "boolean"}}},
            group={"name": "node"},
            annotations={"read_only": False, "destructive": True, "idempotent": False},
            timeout_ms=5000,
        )
    )
    tool = project_command(spec)
    assert tool.name == "node_delete"
    assert tool.title == "Node: delete"
    assert tool.annotations is not None
    assert (tool.annotations.read_only_hint, tool.annotations.destructive_hint) == (False, True)
    assert (tool.annotations.idempotent_hint, tool.annotations.open_world_hint) == (False, False)
    assert tool.input_schema["properties"] == {"node_path": {"type": "string"}}
    assert tool.output_schema == {"type": "object", "properties": {"deleted": {"type": "boolean"}}}
    assert tool.meta == {
        "godot-live-mcp/command": "node.delete",
        "godot-live-mcp/group": "node",
        "godot-live-mcp/timeout_ms": 5000,
        "godot-live-mcp/owner": "builtin",
        "godot-live-mcp/channel": "editor",
    }


def test_a_schema_without_a_type_gets_an_object_root() -> None:
    tool = project_command(parse_command({**command("editor.get_info"), "input_schema": {}}))
    assert tool.input_schema == {"type": "object"}


def test_a_non_object_output_schema_is_left_out() -> None:
    tool = project_command(parse_command(command("x.get", output_schema={"type": "array"})))
    assert tool.output_schema is None


def test_unpublishable_commands_are_logged_and_skipped(caplog: pytest.LogCaptureFixture) -> None:
    specs = (
        parse_command(command("ok.one")),
        parse_command(command("bad name.x")),
        parse_command(
            {
                **command("bad.schema", schema={"type": "object", "properties": {"a": {"type": 7}}}),
                "owner": "extension:Bad",  # an extension's schema is checked; the built-ins' by the tests
            }
        ),
        parse_command({**command("ext.do"), "owner": "extension:Ext"}),
    )
    link = EditorLink(RegistrySource())
    with caplog.at_level(logging.ERROR):
        entries = editor_tool_entries(Catalog(1, specs), link)
    assert [e.name for e in entries[ToolOwner.EDITOR]] == ["ok_one"]
    assert [e.name for e in entries[ToolOwner.EXTENSION]] == ["ext_do"]
    assert "bad name.x" in caplog.text
    assert "bad.schema" in caplog.text


def test_timeout_is_the_command_deadline_plus_the_transport_margin() -> None:
    spec = parse_command({**command("x.get"), "timeout_ms": 5000})
    entry = editor_tool_entries(Catalog(1, (spec,)), EditorLink(RegistrySource()))[ToolOwner.EDITOR][0]
    assert entry.timeout_s == (5000 + CONTRACT.timeouts_ms["transport_margin"]) / 1000


def test_a_published_output_schema_never_asks_for_the_image_data() -> None:
    image = {"type": "object", "properties": {"data": {"type": "string"}, "width": {"type": "integer"}}}
    spec = parse_command(
        command("editor.screenshot", output_schema={"type": "object", "properties": {"image": image}})
    )

    tool = project_command(spec)

    assert tool.output_schema is not None
    assert tool.output_schema["properties"]["image"]["properties"] == {"width": {"type": "integer"}}


def test_only_a_long_running_command_carries_the_long_running_mark_in_meta() -> None:
    long_flags = {"read_only": False, "long_running": True}
    step = project_command(parse_command(command("runtime.step", annotations=long_flags)))
    get = project_command(parse_command(command("node.get")))
    assert (step.meta or {})[LONG_RUNNING_META_KEY] is True
    assert LONG_RUNNING_META_KEY not in (get.meta or {})


def test_the_marks_the_catalogue_reads_are_the_marks_of_the_contract() -> None:
    contract = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    declarations = (addon_source_dir() / "dispatch" / "declarations.gd").read_text("utf-8")
    gdscript_marks = set(re.findall(r'^\t"(\w+)": "\w+",$', declarations, re.MULTILINE))
    assert set(CommandAnnotations.__dataclass_fields__) == gdscript_marks < set(contract["marks"])


def test_every_mark_without_a_flag_is_a_rule_the_server_reads_off_the_tool() -> None:
    contract = json.loads((addon_source_dir() / "contract" / "contract.json").read_text("utf-8"))
    rules = set(contract["marks"]) - set(CommandAnnotations.__dataclass_fields__)
    server = "".join(
        path.read_text("utf-8") for path in (addon_source_dir().parents[2] / "server").glob("*.py")
    )
    assert rules, "the server marks: needs_display, saves_scenes, starts_game, stops_game"
    assert {mark for mark in rules if f'"{mark}"' not in server} == set()


def test_server_marks_and_side_doors_are_carried_from_the_catalogue() -> None:
    spec = parse_command(
        command("game.start") | {"marks": ["saves_scenes", "starts_game"], "side_doors": ["x"]}
    )
    assert spec.marks == {"saves_scenes", "starts_game"}
    assert spec.side_doors == ("x",)
    assert parse_command(command("node.get")).marks == frozenset()


def test_an_extension_cannot_give_itself_the_marks_of_built_in_tools() -> None:
    marked = command("wind.stop", read_only=False, owner="wind", marks=["stops_game"], side_doors=["gust"])
    catalog = Catalog(1, (parse_command(marked),))
    [entry] = editor_tool_entries(catalog, EditorLink(RegistrySource(None)))[ToolOwner.EXTENSION]
    assert entry.marks == frozenset()
    assert entry.side_doors == ("gust",)  # a side door only refuses more
