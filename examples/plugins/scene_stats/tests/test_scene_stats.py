"""The example plugin's own tests: its tools and resource against a stand-in editor, its install, and its
snapshot.

Run with ``pytest examples/plugins/scene_stats/tests`` once the package is installed (``pip install -e``);
the godot-live-mcp repository also runs it against a real editor (tests/engine/plugins/).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import anyio
from godot_scene_stats import SceneStats, active_scene, count_classes, plugin, write_summary

from godot_live_mcp.bridge.catalog import Catalog, CommandAnnotations, CommandSpec
from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.reply import CommandReply, CommandSuccess
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.plugins import PluginSource, ProjectPlugins, ProjectTools, ToolContext

HERE = Path(__file__).resolve().parents[1]
TREE: list[JsonValue] = [
    {"path": ".", "type": "Node2D"},
    {"path": "A", "type": "Sprite2D"},
    {"path": "B", "type": "Sprite2D"},
]


class Editor:
    """Answers scene.get_tree one node a page (to exercise paging) and records node.set_property."""

    def __init__(self) -> None:
        self.set: list[Mapping[str, JsonValue]] = []

    @property
    def catalog(self) -> Catalog:
        flags = CommandAnnotations(read_only=True)
        tree = CommandSpec("scene.get_tree", "", {}, flags, 1000)
        return Catalog(1, (tree, CommandSpec("node.set_property", "", {}, CommandAnnotations(), 1000)))

    @property
    def problem(self) -> ToolError:
        return ToolError(ErrorCode.EDITOR_DISCONNECTED, "no editor")

    async def call(
        self, method: str, params: Mapping[str, JsonValue] | None, timeout_s: float
    ) -> CommandReply:
        arguments = dict(params or {})
        if method == "node.set_property":
            self.set.append(arguments)
            return CommandSuccess({"node_path": "."})
        offset = int(str(arguments.get("offset", 0)))
        page: JsonObject = {
            "scene": "res://level.tscn",
            "nodes": [TREE[offset]],
            "has_more": offset + 1 < len(TREE),
        }
        return CommandSuccess({**page, "next_offset": offset + 1})


def context(editor: Editor, *, read_only: bool = False) -> ToolContext:
    return ToolContext(SceneStats.manifest, "scene_stats_test", editor, read_only=read_only)


def test_count_classes_pages_through_the_tree() -> None:
    counted = anyio.run(count_classes, context(Editor()), "")
    assert counted.nodes == 3
    assert [(c.class_name, c.count) for c in counted.classes] == [("Sprite2D", 2), ("Node2D", 1)]


def test_write_summary_sets_the_roots_editor_description() -> None:
    editor = Editor()
    summary = anyio.run(write_summary, context(editor), "res://level.tscn")
    assert summary.summary == "3 nodes: 2 Sprite2D, 1 Node2D"
    assert editor.set == [
        {
            "scene": "res://level.tscn",
            "node_path": ".",
            "property": "editor_description",
            "value": summary.summary,
        }
    ]


def test_the_active_scene_resource_counts_the_active_scene() -> None:
    counted = anyio.run(active_scene, context(Editor(), read_only=True))
    assert (counted.scene, counted.nodes) == ("res://level.tscn", 3)


def test_the_plugin_installs_its_tools_prompt_and_resource_under_its_namespace() -> None:
    found = PluginSource("scene_stats", "godot-scene-stats", "1.0.0", lambda: plugin)
    plugins = ProjectPlugins(ProjectTools(), sources=lambda: [found])
    plugins.apply(["scene_stats"])
    assert [tool.mcp_name for tool in plugins.tools.tools] == [
        "scene_stats_count_classes",
        "scene_stats_write_summary",
    ]
    assert plugins.tools.schema_versions == {"scene_stats": "1.0.0"}
    assert [prompt.mcp_name for prompt in plugins.tools.prompts] == ["scene_stats_review"]
    assert [resource.uri for resource in plugins.tools.resources] == ["godot://scene_stats/active-scene"]


def test_the_committed_snapshot_matches_the_tools() -> None:
    command = [sys.executable, "-m", "godot_live_mcp", "snapshot", "--plugin", "scene_stats", "--check"]
    done = subprocess.run([*command, "--out", str(HERE / "api")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
