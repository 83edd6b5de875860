"""Regression (issue 24): one concept went by two names and one name by two defaults. runtime_get_tree
and runtime_find (and node_find) took ``under`` where their neighbours take ``node_path``;
export_create_preset defaulted ``if_exists`` to ``fail`` where the other tools default to ``return``;
the walk also found audio_add_effect's ``class`` (elsewhere ``class_name``) and resource_list's
``class_name`` filter (the other class filters are ``type``). This walks every input schema of the live
catalogue, every group and the server-run tools included, and fails on a new case; each exception left
says why."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from mcp.client import Client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# Names of one concept: a tool that takes one of them takes the first.
SYNONYMS: list[tuple[str, ...]] = [
    ("node_path", "under", "path_of_node", "node", "node_name"),
    ("scene", "scene_path", "scene_file"),
    ("path", "file", "file_path", "resource_path", "script_path"),
    ("class_name", "class", "klass", "class_type"),
    ("if_exists", "on_exists", "overwrite", "on_conflict"),
    ("offset", "skip", "page", "start_index"),
    ("limit", "max_results", "page_size", "max_items"),
    ("watch_id", "watch"),
]
# (tool, name) -> why it keeps a name the table lists as a synonym.
NAME_EXCEPTIONS = {
    (
        "debug_set_breakpoint",
        "file",
    ): "named as the debugger's own stack frames name it (file + line), passed back as is",
    ("debug_remove_breakpoint", "file"): "named as the debugger's own stack frames name it (file + line)",
    ("probe_require", "file_path"): "a test-only probe of the contract's required-parameter check",
}
# name -> why its default differs between tools (a parameter whose enum differs is another concept).
DEFAULT_EXCEPTIONS = {
    "limit": "each listing's page size fits the size of its rows (50, 100 or 200)",
    "if_exists": (
        "file_write and script_write replace (a write that kept the old text would drop the new one);"
        " file_move and scene_save_as fail (returning would neither move nor save)"
    ),
    "recursive": "a folder's listing and deletion stay in it; script_list and resource_list list the project",
    "max_frames": "debug_state's stack depth and runtime_step_until's frame budget are different counts",
    "duration": "a generated sound's length and a sprite frame's length in seconds",
    "terrain_set": "tileset_add_terrain's -1 makes a new set; the others use the first",
    "timeout_s": "a test run and an export have their own budgets",
}


def _same_concept(first: dict[str, Any], second: dict[str, Any]) -> bool:
    return first.get("type") == second.get("type") and first.get("enum") == second.get("enum")


async def test_each_concept_has_one_name_and_one_default(tools: Client) -> None:
    listed = (await tools.list_tools()).tools
    assert {"runtime_get_tree", "export_create_preset", "lsp_hover", "test_run"} <= {
        tool.name for tool in listed
    }
    parameters = {tool.name: tool.input_schema.get("properties", {}) for tool in listed}
    misnamed = [
        f"{tool}.{name} (say {group[0]})"
        for tool, fields in parameters.items()
        for group in SYNONYMS
        for name in fields
        if name in group[1:] and (tool, name) not in NAME_EXCEPTIONS
    ]
    assert misnamed == []
    defaults: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    first_seen: dict[str, dict[str, Any]] = {}
    for tool, fields in parameters.items():
        for name, field in fields.items():
            if "default" in field and _same_concept(first_seen.setdefault(name, field), field):
                defaults[name][repr(field["default"])].append(tool)
    split = {
        name: dict(seen)
        for name, seen in defaults.items()
        if len(seen) > 1 and name not in DEFAULT_EXCEPTIONS
    }
    assert split == {}
    assert parameters["export_create_preset"]["if_exists"]["default"] == "return"
    assert "node_path" in parameters["runtime_get_tree"]
    assert "under" not in parameters["runtime_get_tree"]
